import { Container, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { NOTIFICATION_TYPES } from '@registrar/rules';
import { ErrorBlock } from '@registrar/ui';
import { notificationQueries, type PublicNotification } from '../features/notifications/notifications.api';
import { NotificationTypeBadge, notificationDate } from '../features/notifications/notification-parts';
import { NotificationModal } from '../features/notifications/notification-modal';
import { usePageTitle } from '../lib/page-title';

interface NotificationsSearch { page?: number; type?: number; service_name?: string }

export const Route = createFileRoute('/notifications')({
  validateSearch: (s: Record<string, unknown>): NotificationsSearch => ({
    page: Number(s.page) > 1 ? Math.floor(Number(s.page)) : undefined,
    type: [1, 2, 3, 4].includes(Number(s.type)) ? Number(s.type) : undefined,
    service_name: typeof s.service_name === 'string' && s.service_name ? s.service_name : undefined,
  }),
  component: NotificationsPage,
});

/** Every released notification, newest first, 20 a page, filterable by type; a row opens its detail. */
function NotificationsPage() {
  usePageTitle('お知らせ一覧');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [detail, setDetail] = useState<PublicNotification | null>(null);
  const q = useQuery({ ...notificationQueries.list(search.page ?? 1, search.type), placeholderData: keepPreviousData });
  const page = q.data?.notifications;
  return (
    <Container size={960} px={{ base: 12, sm: 20 }} py={{ base: 'lg', sm: 40 }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 28 }}>お知らせ一覧</Title>
        <SegmentedControl
          aria-label="種別で絞り込む"
          data={[{ value: '', label: 'すべて' }, ...Object.entries(NOTIFICATION_TYPES).map(([value, label]) => ({ value, label }))]}
          value={search.type ? String(search.type) : ''}
          onChange={(v) => void navigate({ search: { ...search, type: v ? Number(v) : undefined, page: undefined } })}
          fullWidth
          size="xs"
          style={{ maxWidth: 560 }}
        />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {q.isPending ? (
            <Stack gap="sm" aria-busy="true">{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={40} />)}</Stack>
          ) : q.isError ? (
            <ErrorBlock message={M.errorRetryLaterParen} onRetry={() => void q.refetch()} />
          ) : page && page.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">{M.noNotifications}</Text>
          ) : page ? (
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="notifications-list">
              {page.data.map((n, i) => (
                <li key={n.id} style={{ borderTop: i ? '1px solid #eef1f5' : undefined }}>
                  <UnstyledButton onClick={() => setDetail(n)} py="sm" w="100%" data-testid="notification-row">
                    <Group gap={8} wrap="wrap" align="center">
                      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{notificationDate(n.release_date)}</Text>
                      <NotificationTypeBadge type={n.type} />
                      <Text size="sm" fw={500} c="blue" style={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>{n.title}</Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          ) : null}
        </Paper>
        {page && page.last_page > 1 ? (
          <Group justify="center">
            <Pagination total={page.last_page} value={page.current_page} onChange={(p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } })} size="sm" siblings={1} boundaries={1} getControlProps={(c) => ({ 'aria-label': c === 'previous' ? '前のページ' : c === 'next' ? '次のページ' : c })} />
          </Group>
        ) : null}
      </Stack>
      <NotificationModal notification={detail} onClose={() => setDetail(null)} />
    </Container>
  );
}
