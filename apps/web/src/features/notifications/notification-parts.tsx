import { Badge, Box, Modal, Stack, Text, Typography } from '@mantine/core';
import { NOTIFICATION_TYPE_COLORS, NOTIFICATION_TYPES, type NotificationType } from '@registrar/rules';
import type { PublicNotification } from './notifications.api';

/** YYYY.MM.DD in Asia/Tokyo (002 §9 date formats). */
export function notificationDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3_600_000);
  return d.toISOString().slice(0, 10).replace(/-/g, '.');
}

export function NotificationTypeBadge({ type }: { type: number }) {
  const t = type as NotificationType;
  return (
    <Badge color={NOTIFICATION_TYPE_COLORS[t] ?? 'gray'} variant="filled" size="sm" radius="sm" style={{ flexShrink: 0 }}>
      {NOTIFICATION_TYPES[t] ?? 'お知らせ'}
    </Badge>
  );
}

/** HTML the server has already sanitised (sanitize-html) when it was saved and again when it was served. */
export function SanitisedHtml({ html, inline }: { html: string; inline?: boolean }) {
  return inline ? <span dangerouslySetInnerHTML={{ __html: html }} /> : <Typography fz="sm"><div dangerouslySetInnerHTML={{ __html: html }} /></Typography>;
}

/** The detail modal of one notification (top page box, bell, all-notifications page). */
export function NotificationModal({ notification, onClose }: { notification: PublicNotification | null; onClose: () => void }) {
  return (
    <Modal opened={notification !== null} onClose={onClose} title={notification ? notification.full_title : ''} size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      {notification ? (
        <Stack gap="sm" data-testid="notification-detail">
          <Box style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <NotificationTypeBadge type={notification.type} />
            <Text size="sm" c="dimmed">{notificationDate(notification.release_date)}</Text>
          </Box>
          <SanitisedHtml html={notification.description} />
        </Stack>
      ) : null}
    </Modal>
  );
}
