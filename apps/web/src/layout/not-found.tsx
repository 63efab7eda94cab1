import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { PRODUCT } from '@registrar/messages';
import { PageContainer } from '@registrar/ui';
import { isPlannedPage } from './site-map';

/** 404: an unknown URL (or an unknown TLD). */
export function NotFoundContent({ message = 'お探しのページは見つかりませんでした。URLが正しいかご確認ください。' }: { message?: string }) {
  useDocumentTitle(`ページが見つかりません | ${PRODUCT.serviceName}`);
  return (
    <PageContainer size={720}>
      <Stack align="center" gap="md" py={60} data-testid="not-found">
        <Text fz={64} fw={800} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          ページが見つかりません
        </Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Group>
          <Button component={Link} to="/">
            トップページへ
          </Button>
          <Button component={Link} to="/domain/price" variant="default">
            料金一覧を見る
          </Button>
        </Group>
      </Stack>
    </PageContainer>
  );
}

/** A linked page that is not built yet says so plainly. */
export function ComingSoonContent() {
  useDocumentTitle(`準備中 | ${PRODUCT.serviceName}`);
  return (
    <PageContainer size={720}>
      <Stack align="center" gap="md" py={60} data-testid="coming-soon">
        <Title order={1} fz={24}>
          準備中
        </Title>
        <Text c="dimmed" ta="center">
          このページは現在準備中です。公開まで今しばらくお待ちください。
        </Text>
        <Button component={Link} to="/" variant="default">
          トップページへ
        </Button>
      </Stack>
    </PageContainer>
  );
}

/** The root's not-found view: a planned page shows 準備中, anything else the 404 page. */
export function NotFoundPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return isPlannedPage(pathname) ? <ComingSoonContent /> : <NotFoundContent />;
}
