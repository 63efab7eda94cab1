import { Alert, Box, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';

/** The frame of the account pages: a centred card with a title and an optional message. */
export function AccountCard({ title, children, error, success }: { title: string; children: ReactNode; error?: string | null; success?: string | null }) {
  usePageTitle(title);
  return (
    // phones: the card keeps a margin from the screen edges
    <Box px={{ base: 12, sm: 'md' }}>
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto" my={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">{title}</Title>
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {success ? <Alert color="green" role="status">{success}</Alert> : null}
        {children}
      </Stack>
    </Paper>
    </Box>
  );
}
