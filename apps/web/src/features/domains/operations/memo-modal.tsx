import { Alert, Button, Group, List, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { applyMemo, MEMO_MAX, MemoMode } from '@registrar/rules';
import { ChosenDomains, OpProgress } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/** Memo (001 §4 modes override / append / delete done in the page; §5 255 max, append truncates, '{domain}が空欄です'). */
export function MemoModal({ domains, onClose, setBusy }: OpModalProps) {
  const [mode, setMode] = useState<MemoMode>('override');
  const [text, setText] = useState(domains.length === 1 ? domains[0].user_memo ?? '' : '');
  const [step, setStep] = useState<'edit' | 'loading' | 'done'>('edit');
  const [errors, setErrors] = useState<string[]>([]);
  const op = useOperationRun();

  async function save() {
    const entries: Array<{ id: number; content: string }> = [];
    const local: string[] = [];
    for (const d of domains) {
      const r = applyMemo(mode, d.user_memo, text, d.name);
      if ('error' in r) local.push(r.error);
      else entries.push({ id: d.id, content: r.content });
    }
    if (local.length) {
      setErrors(local);
      return;
    }
    setStep('loading');
    setBusy(true);
    try {
      const { answer, rows } = await op.run<{ result: boolean; errors: string[]; domains: never[]; data: Array<{ error_msg: string | null }> }>('/mypage/domain/memo', { mode, domains: entries });
      const failed = [...(answer.result ? [] : answer.errors), ...rows.filter((x) => x.status === 'error').map((x) => x.message ?? '')];
      setErrors(failed);
    } catch {
      setErrors([M.errorOccurred]);
    } finally {
      setBusy(false);
      setStep('done');
    }
  }

  if (step === 'loading') return <Stack><Text>保存しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'done') {
    return (
      <Stack>
        {errors.length ? (
          <Alert color="red" role="alert">
            <Text size="sm">{M.errorOccurred}</Text>
            <List size="sm">{errors.filter(Boolean).map((e, i) => <List.Item key={i}>{e}</List.Item>)}</List>
          </Alert>
        ) : <Alert color="green">{M.memoSaved}</Alert>}
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <SegmentedControl value={mode} onChange={(v) => setMode(v as MemoMode)} data={[{ value: 'override', label: '上書き' }, { value: 'append', label: '追記' }, { value: 'delete', label: '削除' }]} fullWidth />
      {mode !== 'delete' ? (
        <Textarea label="メモ" value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={mode === 'override' ? MEMO_MAX : undefined} autosize minRows={3} description={`${MEMO_MAX}文字まで${mode === 'append' ? '（超えた分は切り捨てられます）' : ''}`} />
      ) : <Text size="sm">選択したドメインのメモを削除します。</Text>}
      {errors.length ? <Alert color="red" role="alert">{errors.map((e, i) => <Text key={i} size="sm">{e}</Text>)}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        <Button onClick={save}>保存する</Button>
      </Group>
    </Stack>
  );
}
