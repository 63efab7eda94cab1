import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PRODUCT } from '@registrar/messages';
import { useSession } from '../../lib/session';

/** The frame of one admin screen: its title (also the document title), optional actions, and a super-only gate. */
export function AdminPage({ title, actions, superOnly, children }: { title: string; actions?: ReactNode; superOnly?: boolean; children: ReactNode }) {
  useDocumentTitle(`${title} | 管理画面 | ${PRODUCT.serviceName}`);
  const { user } = useSession();
  const refused = superOnly && user && user.admin_role !== 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 20, sm: 24 }}>{title}</Title>
        {actions && !refused ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {refused ? (
        <Alert color="red" title="権限がありません" data-testid="admin-forbidden">
          <Text size="sm">この画面はスーパー管理者のみ利用できます。</Text>
        </Alert>
      ) : (
        <Box>{children}</Box>
      )}
    </Stack>
  );
}
