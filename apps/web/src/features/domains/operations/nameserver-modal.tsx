import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { canAddNameServerRows, NAME_SERVER_PRESETS, nameServersFromRows, nextNameServerRows, NS_ROWS_START, validateNameServerRows } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

type Step = 'update' | 'loading' | 'showResult';

/** Name servers (001 §4 update → loading → showResult; §5 rules): 2 rows, +3 while under 8, presets, glue IPs for hosts below the domain. */
export function NameServerModal({ domains, onClose, setBusy }: OpModalProps) {
  const first = domains.length === 1 ? domains[0].name_servers : [];
  const [rows, setRows] = useState<Array<{ name: string; ip: string }>>(() => {
    const n = Math.max(NS_ROWS_START, first.length);
    return Array.from({ length: n }, (_, i) => ({ name: first[i] ?? '', ip: '' }));
  });
  const [step, setStep] = useState<Step>('update');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const op = useOperationRun();
  const single = domains.length === 1 ? domains[0] : null;
  const below = (name: string) => !!single && name.trim().toLowerCase().endsWith(`.${(single.punycode ?? single.name).toLowerCase()}`);

  const set = (i: number, v: Partial<{ name: string; ip: string }>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...v } : x)));
  const preset = (label: string | null) => {
    const p = NAME_SERVER_PRESETS.find((x) => x.label === label);
    if (!p) return;
    const n = Math.max(NS_ROWS_START, p.servers.length, rows.length);
    setRows(Array.from({ length: n }, (_, i) => ({ name: p.servers[i] ?? '', ip: '' })));
  };

  async function submit() {
    const err = validateNameServerRows(rows);
    setError(err);
    if (err) return;
    const names = nameServersFromRows(rows);
    const formData = names.map((name, i) => {
      const ip = rows.find((r) => r.name.trim().toLowerCase() === name)?.ip.trim();
      return { name, priority: i + 1, ...(ip ? { ip } : {}) };
    });
    setStep('loading');
    setBusy(true);
    try {
      const { answer } = await op.run('/mypage/domain/nameserver/request', { domains: domains.map((d) => d.id), formData });
      if (!answer.result) {
        setError(answer.errors[0] ?? M.errorOccurredDot);
        setStep('update');
        return;
      }
      setStep('showResult');
    } catch {
      setFailed(true);
      setStep('showResult');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'loading') {
    return (
      <Stack>
        <Text>ネームサーバーを変更しています…</Text>
        <OpProgress progress={op.progress} />
      </Stack>
    );
  }
  if (step === 'showResult') {
    return (
      <Stack>
        {failed ? <Alert color="red">{M.errorOccurredDot}</Alert> : <OpResultTable rows={op.rows} />}
        <Group justify="flex-end">
          <Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <Select label="ホスティング会社のネームサーバーを入力" placeholder="選択してください" data={NAME_SERVER_PRESETS.map((p) => p.label)} onChange={preset} clearable comboboxProps={{ withinPortal: true }} />
      {rows.map((r, i) => (
        <Stack key={i} gap={4}>
          <TextInput label={`ネームサーバー${i + 1}`} value={r.name} onChange={(e) => set(i, { name: e.currentTarget.value })} autoCapitalize="none" spellCheck={false} />
          {below(r.name) ? (
            <TextInput label={`${r.name.trim()} のIPアドレス（グルーレコード）`} description="このドメイン配下のネームサーバーにはIPアドレスが必要です" value={r.ip} onChange={(e) => set(i, { ip: e.currentTarget.value })} />
          ) : null}
        </Stack>
      ))}
      {canAddNameServerRows(rows.length) ? (
        <Button variant="light" onClick={() => setRows((x) => [...x, ...Array.from({ length: nextNameServerRows(x.length) - x.length }, () => ({ name: '', ip: '' }))])}>
          入力欄を追加
        </Button>
      ) : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        <Button onClick={submit}>変更する</Button>
      </Group>
    </Stack>
  );
}
