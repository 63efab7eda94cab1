import { Badge, CloseButton, Container, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ANNOUNCEMENT_CATEGORY_COLORS, ANNOUNCEMENT_HIDE_KEY, visibleAnnouncements, type AnnouncementCategory, type HideRecords } from '@registrar/rules';
import { notificationQueries } from './notifications.api';
import { SanitisedHtml } from './sanitised-html';

function readHidden(): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(ANNOUNCEMENT_HIDE_KEY) ?? '{}');
  } catch {
    return {};
  }
}
function writeHidden(records: HideRecords) {
  try {
    window.localStorage.setItem(ANNOUNCEMENT_HIDE_KEY, JSON.stringify(records));
  } catch {
    /* storage unavailable (private mode): the banner simply comes back next time */
  }
}

/**
 * Header announcement banners (002 §2, §4): a coloured category label and the (sanitised) HTML content, closable.
 * A closed one comes back after reDisplayPeriod days, never without a period; the browser remembers closings and
 * purges the records of announcements no longer sent or with unreadable dates.
 */
export function HeaderAnnouncements() {
  const q = useQuery(notificationQueries.announcements());
  const [hidden, setHidden] = useState<unknown>(() => (typeof window === 'undefined' ? {} : readHidden()));
  const { visible, kept } = useMemo(() => visibleAnnouncements(q.data?.announcements ?? [], hidden, new Date()), [q.data, hidden]);
  useEffect(() => {
    if (q.data) writeHidden(kept); // the purge: only records still meaningful are stored back
  }, [q.data, kept]);
  if (!visible.length) return null;
  const close = (id: number) => setHidden({ ...kept, [String(id)]: new Date().toISOString() });
  return (
    <div role="region" aria-label="重要なお知らせ" data-testid="header-announcements" style={{ background: '#fff8e6', borderBottom: '1px solid #f1e3b8' }}>
      {visible.map((a) => (
        <Container key={a.id} size={1180} px={{ base: 8, sm: 20 }} py={6} data-testid="header-announcement" data-id={a.id}>
          <Group gap={8} wrap="nowrap" align="center">
            <Badge color={ANNOUNCEMENT_CATEGORY_COLORS[a.categoryId as AnnouncementCategory] ?? 'gray'} variant="filled" radius="sm" size="sm" style={{ flexShrink: 0 }}>
              {a.categoryName}
            </Badge>
            <div style={{ flex: 1, minWidth: 0, fontSize: 13, lineHeight: 1.5, overflowWrap: 'anywhere' }}>
              <SanitisedHtml html={a.content} inline />
            </div>
            <CloseButton size="sm" aria-label={`${a.categoryName}のお知らせを閉じる`} onClick={() => close(a.id)} />
          </Group>
        </Container>
      ))}
    </div>
  );
}
