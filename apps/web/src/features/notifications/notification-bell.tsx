import { ActionIcon, Anchor, Divider, Group, Indicator, Loader, Popover, Text, UnstyledButton } from '@mantine/core';
import classes from './notification-bell.module.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { MarketNoticesResult } from '@registrar/contracts';
import { api } from '../../lib/api';
import { M } from '@registrar/messages';
import { BellIcon } from '../../layout/icons';
import { SERVICE_KEY } from '../../layout/site-map';
import { markNotificationsRead, notificationQueries, type BellAnswer, type PublicNotification } from './notifications.api';
import { NotificationTypeBadge, notificationDate } from './notification-parts';
import { NotificationModal } from './notification-modal';

/**
 * The bell (002 §2): the latest notifications and an unread badge (normal + campaign). Opening the list posts the
 * mark-as-read call and the badge clears at once. Its open state belongs to the header's exclusive menus.
 */
export function NotificationBell({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const qc = useQueryClient();
  const q = useQuery(notificationQueries.bell());
  const [detail, setDetail] = useState<PublicNotification | null>(null);
  // the member's own market events (docs/market.md): listed, offers, sold, bought, refunded, payout paid
  const market = useQuery({ queryKey: ['market', 'notices'], queryFn: ({ signal }) => api<MarketNoticesResult>('/mypage/market/notices', { signal }), retry: false, refetchInterval: 60_000 });
  const marketRead = useMutation({
    mutationFn: () => api('/mypage/market/notices/read', { body: {} }),
    onMutate: () => qc.setQueryData<MarketNoticesResult>(['market', 'notices'], (old) => (old ? { data: old.data.map((n) => ({ ...n, is_read: true })), unread: 0 } : old)),
  });
  const unread = (q.data?.unreadNotifications.normal ?? 0) + (q.data?.unreadNotifications.campaign ?? 0) + (market.data?.unread ?? 0);
  const read = useMutation({
    mutationFn: () => markNotificationsRead(),
    onMutate: () => {
      qc.setQueryData<BellAnswer>(notificationQueries.bell().queryKey, (old) =>
        old ? { notifications: old.notifications.map((n) => ({ ...n, is_read: true })), unreadNotifications: { normal: 0, campaign: 0 } } : old);
    },
    onError: () => void qc.invalidateQueries({ queryKey: notificationQueries.bell().queryKey }),
  });
  // opening the menu posts the mark-as-read call (002 §2), whatever the counters say (they may be stale)
  useEffect(() => {
    if (opened && !read.isPending) read.mutate();
    if (opened && (market.data?.unread ?? 0) > 0 && !marketRead.isPending) marketRead.mutate();
  }, [opened]);

  const count = unread > 99 ? '99+' : String(unread);
  // the badge's text is part of the name (axe label-content-name-mismatch)
  const label = unread > 0 ? `お知らせ 未読 ${count} 件` : 'お知らせ';
  return (
    <>
      <Popover opened={opened} onChange={onChange} position="bottom-end" offset={10} width={320} shadow="lg" radius="md">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} aria-expanded={opened} data-testid="menu-bell" onClick={() => onChange(!opened)}>
            <Indicator disabled={unread === 0} label={count} size={16} color="red" offset={2} data-testid="bell-badge">
              <BellIcon />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown data-testid="menu-bell-dropdown" maw="calc(100vw - 16px)" p={0}>
          <Text size="xs" fw={700} c="dimmed" px="sm" pt="sm" pb={4} component="h2">お知らせ</Text>
          {q.isPending ? (
            <Group justify="center" py="md"><Loader role="status" size="sm" aria-label="読み込み中" /></Group>
          ) : q.isError ? (
            <Text size="sm" c="red" px="sm" py="md" ta="center">{M.errorOccurred}</Text>
          ) : q.data.notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="md" ta="center">{M.noNotifications}</Text>
          ) : (
            <ul style={{ maxHeight: 360, overflowY: 'auto', listStyle: 'none', margin: 0, padding: 0 }}>
              {q.data.notifications.map((n) => (
                <li key={n.id}>
                  <UnstyledButton onClick={() => { onChange(false); setDetail(n); }} px="sm" py={8} w="100%" className={classes.item} data-testid="bell-item" data-read={n.is_read ? '1' : '0'}>
                    <Group gap={6} wrap="nowrap" mb={2}>
                      <NotificationTypeBadge type={n.type} />
                      <Text size="xs" c="dimmed">{notificationDate(n.release_date)}</Text>
                    </Group>
                    <Text size="sm" lh={1.4} style={{ overflowWrap: 'anywhere' }}>{n.title}</Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
          {market.data && market.data.data.length ? (
            <>
              <Divider />
              <Text size="xs" fw={700} c="dimmed" px="sm" pt="sm" pb={4} component="h2">ドメインマーケット</Text>
              <ul style={{ maxHeight: 240, overflowY: 'auto', listStyle: 'none', margin: 0, padding: 0 }}>
                {market.data.data.map((n) => (
                  <li key={`m${n.id}`}>
                    <UnstyledButton px="sm" py={8} w="100%" className={classes.item} data-testid="bell-market-item" data-read={n.is_read ? '1' : '0'} onClick={() => onChange(false)}
                      renderRoot={(props) => <Link {...props} to={n.link} />}>
                      <Text size="xs" c="dimmed" mb={2}>{notificationDate(n.created_at)}</Text>
                      <Text size="sm" lh={1.4} style={{ overflowWrap: 'anywhere' }}>{n.title}</Text>
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Divider />
          <Anchor href={`/notifications?service_name=${SERVICE_KEY}`} size="sm" display="block" px="sm" py={10}>
            すべてのお知らせを見る
          </Anchor>
        </Popover.Dropdown>
      </Popover>
      <NotificationModal notification={detail} onClose={() => setDetail(null)} />
    </>
  );
}
