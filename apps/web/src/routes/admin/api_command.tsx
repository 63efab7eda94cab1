import { Alert, Button, Code, Stack, Text, Textarea } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { API_COMMANDS } from '@registrar/rules';
import { adminErrors, adminOpsApi } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminError, JsonView } from '../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/api_command')({ component: ApiCommandPage });

/** /admin/api_command (super): parameter=value lines run as one EPP command through the pool (002 §2, §5). */
function ApiCommandPage() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [out, setOut] = useState<{ result: string | null; error: string | null } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = text.trim().split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    if (!lines.length) return; // empty is not sent
    setBusy(true); setErrors([]); setOut(null);
    try {
      setOut(await adminOpsApi.apiCommand(lines));
    } catch (err) {
      console.error(err);
      setErrors(adminErrors(err));
    } finally { setBusy(false); }
  };
  return (
    <AdminPage title="APIコマンド" superOnly>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">1行に「パラメータ=値」を入力します。配列は tld[0]=com のように番号を付けます。実行できるコマンド：{API_COMMANDS.join(', ')}</Text>
          <Textarea label="コマンド" required autosize minRows={6} maxRows={20} value={text} onChange={(e) => setText(e.currentTarget.value)}
            placeholder={'command=check\ndomainname=example\ntld[0]=com\ntld[1]=net'} styles={{ input: { fontFamily: 'monospace' } }} />
          <Button type="submit" loading={busy} disabled={busy || !text.trim()} w="fit-content">実行</Button>
        </Stack>
      </form>
      <Stack gap="sm" mt="md" data-testid="api-command-results">
        <AdminError messages={errors} />
        {out?.error ? <Alert color="red" role="alert"><Code block style={{ whiteSpace: 'pre-wrap' }}>{out.error}</Code></Alert> : null}
        {out?.result ? <JsonView value={out.result} testId="api-command-result" /> : null}
      </Stack>
    </AdminPage>
  );
}
