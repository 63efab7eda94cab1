import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { trashButtons } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/** Trash (001 §4: initial → loading → complete; put-in / take-out buttons by the selection; the page reloads after). */
export function TrashModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'initial' | 'loading' | 'complete'>('initial');
  const [failed, setFailed] = useState(false);
  const op = useOperationRun();
  const buttons = trashButtons(domains);

  async function go(flag: 0 | 1) {
    setStep('loading');
    setBusy(true);
    try {
      const { answer } = await op.run('/mypage/domain/trash', { domains: domains.map((d) => d.id), is_trash_flg: flag });
      setFailed(!answer.result && !answer.domains.length);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      setStep('complete');
    }
  }

  if (step === 'loading') return <Stack><Text>処理しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'complete') {
    return (
      <Stack>
        {failed ? <Alert color="red">{M.errorOccurredDot}</Alert> : <OpResultTable rows={op.rows} />}
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
