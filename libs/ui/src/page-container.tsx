import { Box, Container, Stack, Text, Title } from '@mantine/core';

/** The page frame of the public area: a width-limited column with an optional heading and lead text. */
export function PageContainer({ title, lead, children, size = 1180 }: { title?: React.ReactNode; lead?: React.ReactNode; children: React.ReactNode; size?: number }) {
  return (
    // a layout that already keeps a margin (the member area on phones) sets --page-inset-base to 0
    <Container size={size} px={{ base: 'var(--page-inset-base, 12px)', sm: 20 }} py={{ base: 'md', sm: 'xl' }} w="100%">
      <Stack gap="lg">
        {title ? (
          <Box>
            <Title order={1} fz={{ base: 22, sm: 28 }} fw={700} lh={1.35}>
              {title}
            </Title>
            {lead ? (
              <Text c="dimmed" size="sm" mt={6}>
                {lead}
              </Text>
            ) : null}
          </Box>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}
