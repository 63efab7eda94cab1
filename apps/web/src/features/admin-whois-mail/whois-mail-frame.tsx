import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PRODUCT } from '@registrar/messages';
import { useSession } from '../../lib/session';

/** The frame of an inbox screen: title (also the document title) and the super-only refusal for normal admins. */
export function WhoisMailFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | 管理画面 | ${PRODUCT.serviceName}`);
  const { user } = useSession();
  return (
    <Box maw={1200} mx="auto" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="md">
        <Title order={1} fz={{ base: 20, sm: 24 }}>{title}</Title>
        {user && user.admin_role !== 1 ? (
          <Alert color="red" title="権限がありません" data-testid="admin-forbidden">
            <Text size="sm">この画面はスーパー管理者のみ利用できます。</Text>
          </Alert>
        ) : children}
      </Stack>
    </Box>
  );
}

export function Loading() {
  return <Center py="xl" data-testid="admin-loading"><Loader size="sm" aria-label="読み込み中" /></Center>;
}

export function MessageBox({ messages, color }: { messages: string[]; color: 'red' | 'green' }) {
  if (!messages.length) return null;
  return (
    <Alert color={color} role={color === 'red' ? 'alert' : 'status'} data-testid={color === 'red' ? 'admin-error' : 'admin-success'}>
      <Stack gap={2}>{messages.map((m) => <Text key={m} size="sm">{m}</Text>)}</Stack>
    </Alert>
  );
}
