import { Box, Modal, Stack, Text } from '@mantine/core';
import type { PublicNotification } from './notifications.api';
import { notificationDate, NotificationTypeBadge } from './notification-parts';
import { SanitisedHtml } from './sanitised-html';

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
