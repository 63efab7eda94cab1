import { Badge } from '@mantine/core';
import { NOTIFICATION_TYPE_COLORS, NOTIFICATION_TYPES, type NotificationType } from '@registrar/rules';
export { SanitisedHtml } from './sanitised-html';

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
