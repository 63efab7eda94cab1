import { Alert, Anchor, Box, Center, Code, Loader, Modal, Pagination, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Shared bits of the admin screens: loading, empty and error states, paging, and a JSON viewer. */
export function AdminLoading() {
  return <Center py="xl" data-testid="admin-loading"><Loader size="sm" /></Center>;
}

export function AdminEmpty({ children = '一致するデータがありませんでした' }: { children?: ReactNode }) {
  return <Text c="dimmed" ta="center" py="lg" data-testid="admin-empty">{children}</Text>;
}

export function AdminError({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert color="red" role="alert" data-testid="admin-error">
      <Stack gap={2}>{messages.map((m) => <Text key={m} size="sm">{m}</Text>)}</Stack>
    </Alert>
  );
}

/** Page numbers with 1 page either side of the current and 1 at each edge (002 §9). */
export function AdminPager({ page, last, onChange, label }: { page: number; last: number; onChange: (p: number) => void; label?: string }) {
  if (last <= 1) return null;
  // the arrow controls are icons: they need names (axe button-name)
  const names: Record<string, string> = { previous: '前のページ', next: '次のページ', first: '最初のページ', last: '最後のページ' };
  return (
    <Box component="nav" aria-label={label ?? 'ページ'}>
      <Pagination value={page} total={last} onChange={onChange} siblings={1} boundaries={1} size="sm" getControlProps={(control) => ({ 'aria-label': names[control] ?? control })} />
    </Box>
  );
}

/** A wide table that scrolls sideways on phones instead of overflowing the page. */
export function WideTable({ children, minWidth = 720, label = '一覧' }: { children: ReactNode; minWidth?: number; label?: string }) {
  // the scrolling box is reachable by keyboard (axe scrollable-region-focusable) and named as a region
  return (
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${label}（横にスクロールできます）` }}>
      <div style={{ minWidth }}>{children}</div>
    </ScrollArea>
  );
}

/** Pretty-printed JSON (a JSON text is parsed first; anything else is shown as it is) with simple highlighting. */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  let v = value;
  if (typeof v === 'string') { try { v = JSON.parse(v); } catch { /* plain text */ } }
  const text = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  const parts = text.split(/("(?:\\.|[^"\\])*"\s*:?|\b-?\d+(?:\.\d+)?\b|\btrue\b|\bfalse\b|\bnull\b)/g);
  return (
    // a scrolling block is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable)
    <Code block data-testid={testId} tabIndex={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '60vh', overflow: 'auto' }}>
      {parts.map((p, i) => {
        if (i % 2 === 0) return p;
        const color = p.endsWith(':') ? '#9b2c6f' : p.startsWith('"') ? '#1f7a1f' : p === 'null' ? '#5c5c5c' : '#1c4fb8';
        return <span key={i} style={{ color }}>{p}</span>;
      })}
    </Code>
  );
}

export function JsonModal({ title, value, onClose }: { title: string; value: unknown; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <JsonView value={value} testId="json-modal-body" />
    </Modal>
  );
}

/** Tokyo date and time as YYYY/MM/DD HH:mm. */
export function tokyoDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).formatToParts(d);
  const g = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${g('year')}/${g('month')}/${g('day')} ${g('hour')}:${g('minute')}`;
}

/** Links to the admin user page and the admin domain page (typed routes, styled as anchors). */
export function UserLink({ id, children }: { id: number | string; children?: ReactNode }) {
  return <Anchor renderRoot={(props) => <Link {...props} to="/admin/users/$id" params={{ id: String(id) }} />}>{children ?? id}</Anchor>;
}

export function DomainLink({ id, children }: { id: number | string; children: ReactNode }) {
  return <Anchor renderRoot={(props) => <Link {...props} to="/admin/domains/$id" params={{ id: String(id) }} />}>{children}</Anchor>;
}
