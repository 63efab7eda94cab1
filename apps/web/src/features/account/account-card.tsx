import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';

/** The frame of the account pages: a centred card with a title and an optional message. */
export function AccountCard({ title, children, error, success }: { title: string; children: ReactNode; error?: string | null; success?: string | null }) {
  usePageTitle(title);
  return (
    <Paper withBorder radius="md" p="xl" maw={480} mx="auto" my="xl">
      <Stack gap="md">
        <Title order={2} size="h3">{title}</Title>
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {success ? <Alert color="green" role="status">{success}</Alert> : null}
        {children}
      </Stack>
    </Paper>
  );
}
