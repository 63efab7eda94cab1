import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminPage } from '../admin/admin-page';

/** An inbox screen inside the admin layout: its title and the super-only refusal for normal admins (002 §6). */
export function WhoisMailFrame({ title, children }: { title: string; children: ReactNode }) {
  return <AdminPage title={title} superOnly><Stack gap="md" data-testid="whois-mail-screen">{children}</Stack></AdminPage>;
}

export { AdminLoading as Loading } from '../admin/admin-ui';

/** Server messages: errors in an error box, successes in a success box (002 §8). */
export function MessageBox({ messages, color }: { messages: string[]; color: 'red' | 'green' }) {
  if (!messages.length) return null;
  return (
    <Alert color={color} role={color === 'red' ? 'alert' : 'status'} data-testid={color === 'red' ? 'admin-error' : 'admin-success'}>
      <Stack gap={2}>{messages.map((m) => <Text key={m} size="sm">{m}</Text>)}</Stack>
    </Alert>
  );
}
