import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { M } from '@registrar/messages';
import { adminErrors, adminOpsApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, JsonView } from '../../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/domains/info')({ component: DomainInfoPage });

/** /admin/domains/info: the registry's data and ours for one name, as highlighted JSON (002 §2, §8). */
function DomainInfoPage() {
  const [name, setName] = useState('');
  const m = useMutation({ mutationFn: (n: string) => adminOpsApi.domainInfo(n) });
  const submit = (e: FormEvent) => { e.preventDefault(); if (name.trim()) m.mutate(name.trim()); };
  return (
    <AdminPage title="ドメイン情報">
      <form onSubmit={submit}>
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput label="ドメイン名" value={name} onChange={(e) => setName(e.currentTarget.value)} w={{ base: '100%', xs: 320 }} />
          <Button type="submit" loading={m.isPending} disabled={!name.trim()}>表示</Button>
        </Group>
      </form>
      {m.isError ? <AdminError messages={adminErrors(m.error)} /> : null}
      {m.data ? (
        m.data.info ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap={4}><Title order={2} fz="md">レジストリ</Title>{m.data.info.registry ? <JsonView value={m.data.info.registry} testId="info-registry" /> : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>}</Stack>
            <Stack gap={4}><Title order={2} fz="md">当社の記録</Title>{m.data.info.ours ? <JsonView value={m.data.info.ours} testId="info-ours" /> : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>}</Stack>
          </SimpleGrid>
        ) : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>
      ) : null}
    </AdminPage>
  );
}
