import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OperationRow } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { authcodeRefusal } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';

/** AUTHCODE (001 §4 confirm → processing → per-domain results; §5 refusals; §8 'AUTHCODE取得失敗', '予期せぬエラー'). Shown once. */
export function AuthcodeModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'confirm' | 'processing' | 'results'>('confirm');
  const [fatal, setFatal] = useState<string | null>(null);
  const [rows, setRows] = useState<OperationRow[]>([]);
  const op = useOperationRun();
  const refusal = authcodeRefusal(domains);

  async function go() {
    setStep('processing');
    setBusy(true);
    try {
      const { answer, rows: got } = await op.run('/mypage/domain/authcodeRequest/getAuthcode', { domains: domains.map((d) => d.id) });
      if (!answer.result) setFatal(answer.errors[0] ?? M.unexpectedError);
      // a domain missing from the answer: 'AUTHCODE取得失敗'
      setRows(domains.map((d) => got.find((r) => r.id === d.id) ?? { id: d.id, name: d.name, idn: d.idn, status: 'error', message: M.authcodeFailed }));
    } catch {
      setFatal(M.unexpectedError);
    } finally {
      setBusy(false);
      setStep('results');
    }
  }

  if (step === 'processing') return <Stack><Text>AUTHCODEを取得しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'results') {
    return (
      <Stack>
        {fatal ? <Alert color="red" role="alert">{fatal}</Alert> : (
          <>
            <Alert color="yellow">{M.authcodeShownOnce}</Alert>
            <OpResultTable rows={rows} extra={(r) => r.authcode ? (
              <Group gap="xs" wrap="nowrap">
                <Code data-testid={`authcode-${r.id}`} style={{ overflowWrap: 'anywhere' }}>{r.authcode}</Code>
                <CopyButton value={r.authcode}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'コピーしました' : 'コピー'}</Button>}</CopyButton>
              </Group>
            ) : null} />
          </>
        )}
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      {refusal ? <Alert color="red" role="alert">{refusal}</Alert> : <Text size="sm">他社へ移管するためのAUTHCODE（認証コード）を取得します。新しいコードが発行され、以前のコードは使えなくなります。</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        <Button onClick={go} disabled={!!refusal}>AUTHCODEを取得する</Button>
      </Group>
    </Stack>
  );
}
