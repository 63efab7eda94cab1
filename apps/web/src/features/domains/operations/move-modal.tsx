import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { moveTarget } from '@registrar/rules';
import { useSession } from '../../../lib/session';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/**
 * Move to another member (001 §4: update → confirm (yes / no) → loading → complete; an API failure returns to update
 * with its error). By ラッコID immediate; by e-mail the recipient accepts. Auto-renew is OFF after a move; only admins
 * (is_admin) choose. Irreversible.
 */
export function MoveModal({ domains, onClose, setBusy }: OpModalProps) {
  const { user } = useSession();
  const isAdmin = user?.admin_role === 1 || user?.admin_role === 2;
  const [step, setStep] = useState<'update' | 'confirm' | 'loading' | 'complete'>('update');
  const [target, setTarget] = useState('');
  const [autoUpdate, setAutoUpdate] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const op = useOperationRun();

  function next() {
    const t = moveTarget(target);
    if ('error' in t) return setError(t.error);
    setError(null);
    setStep('confirm');
  }

  async function go() {
    const t = moveTarget(target);
    setStep('loading');
    setBusy(true);
    try {
      const body = { domains: domains.map((d) => d.id), userId: 'userId' in t ? String(t.userId) : '', requestEmail: 'email' in t ? t.email : '', autoUpdate: isAdmin ? Number(autoUpdate) : 1 };
      const { answer } = await op.run<{ result: boolean; err_msg: string | null; errors: string[]; domains: never[] }>('/mypage/domain/move/user', body);
      if (!answer.result) {
        setError(answer.err_msg ?? M.unexpectedError);
        setStep('update');
        return;
      }
      setStep('complete');
    } catch (e) {
      const msg = (e as { body?: { err_msg?: string } })?.body?.err_msg;
      setError(msg ?? M.unexpectedError);
      setStep('update');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'loading') return <Stack><Text>移動しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'complete') {
    return (
      <Stack>
        <OpResultTable rows={op.rows} />
        <Group justify="flex-end"><Button onClick={() => onClose({ reload: true })}>閉じる</Button></Group>
      </Stack>
    );
  }
  if (step === 'confirm') {
    return (
      <Stack>
        <ChosenDomains domains={domains} />
        <Text>移動先: <b style={{ overflowWrap: 'anywhere' }}>{target.trim()}</b></Text>
        <Alert color="yellow">移動したドメインは元に戻せません。移動後の自動更新は{isAdmin && autoUpdate === '1' ? 'ON' : 'OFF'}になります。移動してよろしいですか？</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStep('update')}>いいえ</Button>
          <Button color="red" onClick={go}>はい</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <TextInput label="移動先ラッコIDまたはメールアドレス" value={target} onChange={(e) => setTarget(e.currentTarget.value)} autoCapitalize="none" spellCheck={false}
        description="ラッコIDを指定するとすぐに移動します。メールアドレスを指定すると、受け取りの承認後に移動します（7日以内に承認されない場合は取り消されます）。" />
      {isAdmin ? (
        <Radio.Group label="移動後の自動更新" value={autoUpdate} onChange={setAutoUpdate}>
          <Group mt={4}><Radio value="1" label="ON" /><Radio value="0" label="OFF" /></Group>
        </Radio.Group>
      ) : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        <Button onClick={next}>確認する</Button>
      </Group>
    </Stack>
  );
}
