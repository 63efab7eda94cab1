import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageTitle } from '../../../lib/page-title';

/** PLACEHOLDER until the domain list lands (001 spec): the title and the empty state pointing to new registration. */
export const Route = createFileRoute('/mypage/domain/')({ component: DomainPlaceholder });

function DomainPlaceholder() {
  usePageTitle('ドメイン管理');
  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメイン管理</Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <Text>管理中のドメインはありません。</Text>
          <Button component={Link} to="/mypage/search">新規登録する</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
