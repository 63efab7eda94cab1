import { Anchor, Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketListingDto } from '@registrar/contracts';
import { LISTING_STATUS_LABELS } from '@registrar/messages';
import { adminErrors } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, tokyoDateTime, UserLink, WideTable } from '../../../features/admin/admin-ui';
import { marketQueries, yen } from '../../../features/market/market.api';
import { api } from '../../../lib/api';

type Search = { keyword?: string; hidden?: string; page?: number };

export const Route = createFileRoute('/admin/market/list')({
  validateSearch: (s: Record<string, unknown>): Search => ({
    keyword: typeof s.keyword === 'string' && s.keyword ? s.keyword : undefined,
    hidden: s.hidden === '1' || s.hidden === '0' ? s.hidden : undefined,
    page: Number(s.page) > 1 ? Number(s.page) : undefined,
  }),
  component: () => (
    <AdminPage title="出品管理" superOnly>
      <MarketListings />
    </AdminPage>
  ),
});

/** Listings: search, hide with a reason the seller sees (or show again). Super admins only; every action is audited. */
function MarketListings() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const qc = useQueryClient();
  const q = useQuery(marketQueries.adminListings({ keyword: s.keyword, hidden: s.hidden, page: s.page }));
  const [kw, setKw] = useState(s.keyword ?? '');
  const [hiding, setHiding] = useState<MarketListingDto | null>(null);
  const [reason, setReason] = useState('');
  const hide = useMutation({
    mutationFn: (v: { id: number; hidden: boolean; reason?: string }) => api(`/admin/api/market/list/${v.id}/hide`, { body: { hidden: v.hidden, reason: v.reason } }),
    onSuccess: () => { setHiding(null); setReason(''); void qc.invalidateQueries({ queryKey: ['admin', 'market'] }); },
  });
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" component="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); void navigate({ search: { ...s, keyword: kw || undefined, page: undefined } }); }}>
        <SegmentedControl value={s.hidden ?? ''} data={[{ value: '', label: 'すべて' }, { value: '0', label: '公開' }, { value: '1', label: '非公開' }]} onChange={(v) => void navigate({ search: { ...s, hidden: v || undefined, page: undefined } })} />
        <TextInput aria-label="ドメイン名" placeholder="ドメイン名" value={kw} onChange={(e) => setKw(e.currentTarget.value)} />
        <Button type="submit" variant="default">検索</Button>
      </Group>
      {hide.isError ? <AdminError messages={adminErrors(hide.error)} /> : null}
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : q.data.data.length === 0 ? <AdminEmpty /> : (
        <>
          <WideTable minWidth={860} label="出品一覧">
            <Table striped withTableBorder fz="sm">
              <Table.Thead><Table.Tr><Table.Th>出品</Table.Th><Table.Th>ドメイン</Table.Th><Table.Th>価格</Table.Th><Table.Th>出品者</Table.Th><Table.Th>状態</Table.Th><Table.Th>掲載終了</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {q.data.data.map((l) => (
                  <Table.Tr key={l.id} data-testid="admin-listing-row">
                    <Table.Td>#{l.id}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}><Anchor renderRoot={(props) => <Link {...props} to="/market/$listingId" params={{ listingId: String(l.id) }} />}>{l.domain}</Anchor></Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(l.price)}</Table.Td>
                    <Table.Td><UserLink id={l.seller_id!}>{l.seller_id}</UserLink></Table.Td>
                    <Table.Td>
                      <Group gap={4}><Badge variant="light" color={l.status === 'active' ? 'teal' : 'gray'}>{LISTING_STATUS_LABELS[l.status]}</Badge>{l.hidden ? <Badge variant="light" color="red">非公開</Badge> : null}</Group>
                      {l.hidden_reason ? <Text size="xs" c="red.8">{l.hidden_reason}</Text> : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(l.ends_at)}</Table.Td>
                    <Table.Td>{l.hidden ? <Button size="compact-sm" variant="default" onClick={() => hide.mutate({ id: l.id, hidden: false })}>公開に戻す</Button> : <Button size="compact-sm" color="red" variant="light" onClick={() => setHiding(l)}>非公開にする</Button>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <AdminPager page={q.data.current_page} last={q.data.last_page} onChange={(p) => void navigate({ search: { ...s, page: p > 1 ? p : undefined } })} label="出品" />
        </>
      )}
      <Modal opened={!!hiding} onClose={() => setHiding(null)} title="出品を非公開にする" centered>
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{hiding?.domain} をマーケットから非公開にします。理由は出品者に表示されます。</Text>
          <Textarea label="理由" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end"><Button color="red" loading={hide.isPending} disabled={!reason.trim()} onClick={() => hide.mutate({ id: hiding!.id, hidden: true, reason })}>非公開にする</Button></Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
