import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { autoRenewButtons } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/** Auto-renew (001 §4: wait → update; per-domain results; on failure an error with a Back button; errorCode 100 → card link). */
export function AutoRenewModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'wait' | 'loading' | 'update'>('wait');
  const [error, setError] = useState<{ code?: number; message: string } | null>(null);
  const op = useOperationRun();
  const buttons = autoRenewButtons(domains);

  async function go(flag: 0 | 1) {
    setStep('loading');
    setBusy(true);
    try {
      const { answer } = await op.run<{ success: boolean; errorCode?: number; result: boolean; errors: string[]; domains: never[] }>('/mypage/domain/autoupdate', { domains: domains.map((d) => d.id), autoUpdateFlg: flag });
      if (!answer.result) {
        setError(answer.errorCode === 100 ? { code: 100, message: M.registerCard } : { message: answer.errors?.[0] ?? M.errorRetryLaterSpaced });
        setStep('wait');
        return;
      }
      setStep('update');
    } catch {
      setError({ message: M.errorRetryLaterSpaced });
      setStep('wait');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'loading') return <Stack><Text>自動更新を変更しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'update') {
    return (
      <Stack>
        <OpResultTable rows={op.rows} />
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button></Group>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {error.code === 100 ? <><Anchor href="/credit">カード情報の登録</Anchor>{M.autoRenewCardSuffix}</> : error.message}
        </Alert>
        <Group justify="flex-end"><Button variant="default" onClick={() => setError(null)}>戻る</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <Text size="sm">自動更新をONにすると、有効期限が近づいたときに登録済みのカードまたはポイントで自動的に更新します。</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        {buttons.off ? <Button color="gray" onClick={() => go(0)}>自動更新をOFFにする</Button> : null}
        {buttons.on ? <Button onClick={() => go(1)}>自動更新をONにする</Button> : null}
      </Group>
    </Stack>
  );
}
