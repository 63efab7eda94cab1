import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { trashButtons } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/**
 * Trash (001 §4: initial → loading → complete; put-in / take-out buttons by the selection; the page reloads after).
 * A refusal shows the server's errors (and its per-domain rows); a failed call '不明なエラー' (000 §8).
 */
export function TrashModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'initial' | 'loading' | 'complete'>('initial');
  /** the messages shown instead of (or above) the result table: the server's refusal, or '不明なエラー' */
  const [errors, setErrors] = useState<string[]>([]);
  const op = useOperationRun();
  const buttons = trashButtons(domains);

  async function go(flag: 0 | 1) {
    setStep('loading');
    setBusy(true);
    try {
      const { answer } = await op.run('/mypage/domain/trash', { domains: domains.map((d) => d.id), is_trash_flg: flag });
      setErrors(answer.result ? [] : answer.errors?.length ? answer.errors : answer.domains.length ? [] : [M.errorOccurredDot]);
    } catch {
      // the network or the HTTP call failed: nothing is known of the outcome (000 §8 "Trash network failure")
      setErrors([M.unknownError]);
    } finally {
      setBusy(false);
      setStep('complete');
    }
  }

  if (step === 'loading') return <Stack><Text>処理しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'complete') {
    return (
      <Stack>
        {errors.length ? <Alert color="red" role="alert" data-testid="trash-errors">{errors.map((m) => <Text key={m} size="sm">{m}</Text>)}</Alert> : null}
        {op.rows.length ? <OpResultTable rows={op.rows} /> : null}
        <Group justify="flex-end"><Button onClick={() => onClose({ reload: true })}>閉じる</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <Text size="sm">ゴミ箱に入れたドメインはドメイン管理の一覧に表示されなくなり（詳細検索では表示されます）、自動更新がOFFになり、有効期限のお知らせも届かなくなります。</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        {buttons.takeOut ? <Button variant="light" onClick={() => go(0)}>ゴミ箱から出す</Button> : null}
        {buttons.put ? <Button color="red" onClick={() => go(1)}>ゴミ箱に入れる</Button> : null}
      </Group>
    </Stack>
  );
}
