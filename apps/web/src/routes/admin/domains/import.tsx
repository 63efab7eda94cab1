import { Alert, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { M, PRODUCT } from '@registrar/messages';
import { ApiError } from '../../../lib/api';
import { adminErrors, adminOpsApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminError } from '../../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/domains/import')({ component: DomainImportPage });

/** /admin/domains/import (super): names we sponsor at the registry join a member's list (002 §2, §5). */
function DomainImportPage() {
  const [userId, setUserId] = useState('');
  const [names, setNames] = useState('');
  const [local, setLocal] = useState<{ userId?: string; domainNames?: string }>({});
  const m = useMutation({ mutationFn: () => adminOpsApi.domainImport(userId.trim(), names.split(/\r?\n/).map((s) => s.trim()).filter(Boolean)) });
  const server = m.error instanceof ApiError ? m.error.fieldErrors : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof local = {};
    if (!userId.trim()) errs.userId = M.enterAccountId;
    else if (!/^\d+$/.test(userId.trim())) errs.userId = M.accountIdDigits;
    if (!names.trim()) errs.domainNames = M.enterDomainNames;
    setLocal(errs);
    if (!Object.keys(errs).length) m.mutate();
  };
  return (
    <AdminPage title="ドメインインポート" superOnly>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={560}>
          <Text size="sm" c="dimmed">レジストリで当社がスポンサーであることを確認したドメインだけを、指定した会員のドメイン一覧に追加します。</Text>
          <TextInput label={PRODUCT.accountIdName} value={userId} onChange={(e) => setUserId(e.currentTarget.value)} inputMode="numeric" error={local.userId ?? server.userId?.[0]} />
          <Textarea label="ドメイン名（1行に1つ）" autosize minRows={5} maxRows={16} value={names} onChange={(e) => setNames(e.currentTarget.value)} error={local.domainNames ?? server.domainNames?.[0]} />
          <Button type="submit" loading={m.isPending} w="fit-content">インポート</Button>
        </Stack>
      </form>
      <Stack gap="sm" mt="md">
        {m.isError && !Object.keys(server).length ? <AdminError messages={adminErrors(m.error)} /> : null}
        {m.data?.results.length ? <Alert color="green" data-testid="import-results"><Stack gap={2}>{m.data.results.map((r) => <Text key={r} size="sm">{r}</Text>)}</Stack></Alert> : null}
        {m.data?.errors.length ? <AdminError messages={m.data.errors} /> : null}
      </Stack>
    </AdminPage>
  );
}
