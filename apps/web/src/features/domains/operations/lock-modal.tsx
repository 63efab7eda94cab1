import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { lockButtons } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, OpRow, useOperationRun } from './operation.api';

const rulesRow = (d: OpRow) => ({ ...d, can_lock: d.tld_policy?.can_lock !== false });

/** Domain lock (001 §4: wait → update → success or error; the single/many button rule; title 'ドメインロック変更'). */
export function LockModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'wait' | 'update' | 'success' | 'error'>('wait');
  const op = useOperationRun();
  const buttons = lockButtons(domains.map(rulesRow));

  async function go(flag: 0 | 1) {
    setStep('update');
    setBusy(true);
    try {
      const { answer } = await op.run('/mypage/domain/lock/dispatch', { domains: domains.map((d) => d.id), is_domain_lock_enabled_flg: flag });
      setStep(answer.result || answer.domains.length ? 'success' : 'error');
    } catch {
      setStep('error');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'update') return <Stack><Text>ドメインロックを変更しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'success' || step === 'error') {
    return (
      <Stack>
        {step === 'error' ? <Alert color="red">{M.errorOccurredDot}</Alert> : <OpResultTable rows={op.rows} />}
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      {buttons.unsupported ? <Alert color="gray">{M.lockUnsupported}</Alert> : <Text size="sm">ドメインロックをONにすると、他社への移管などができなくなります。</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        {buttons.off ? <Button color="gray" onClick={() => go(0)}>ロックをOFFにする</Button> : null}
        {buttons.on ? <Button onClick={() => go(1)}>ロックをONにする</Button> : null}
      </Group>
    </Stack>
  );
}
