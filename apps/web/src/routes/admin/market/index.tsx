import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketDisputeDto, MarketTradeDto } from '@registrar/contracts';
import { PAYOUT_STATUS_LABELS, STEP_STATUS_LABELS, TRADE_STATUS_LABELS, TRADE_STEP_LABELS } from '@registrar/messages';
import { adminErrors } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, tokyoDateTime, UserLink, WideTable } from '../../../features/admin/admin-ui';
import { marketQueries, yen } from '../../../features/market/market.api';
import { DisputeThread } from '../../../features/market/trade-page';
import { api } from '../../../lib/api';

type Search = { status?: string; keyword?: string; page?: number };

export const Route = createFileRoute('/admin/market/')({
  validateSearch: (s: Record<string, unknown>): Search => ({
    status: typeof s.status === 'string' && s.status ? s.status : undefined,
    keyword: typeof s.keyword === 'string' && s.keyword ? s.keyword : undefined,
    page: Number(s.page) > 1 ? Number(s.page) : undefined,
  }),
  component: () => (
    <AdminPage title="ドメイン売買" superOnly>
      <MarketTrades />
    </AdminPage>
  ),
});

const STATUS_FILTER = [{ value: '', label: 'すべて' }, { value: 'open', label: '進行中' }, { value: 'disputed', label: '異議申し立て中' }, { value: 'completed', label: '完了' }, { value: 'refunded', label: '返金済み' }, { value: 'cancelled', label: '取消' }];

/** Trades and their steps, refunds and disputes (cancel and refund), and payout requests (paid / rejected). Super admins only. */
function MarketTrades() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const qc = useQueryClient();
  const q = useQuery(marketQueries.adminTrades({ status: s.status, keyword: s.keyword, page: s.page }));
  const [kw, setKw] = useState(s.keyword ?? '');
  const [cancelling, setCancelling] = useState<MarketTradeDto | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'market'] });
  const cancel = useMutation({ mutationFn: () => api(`/admin/api/market/trade/${cancelling!.id}/cancel`, { body: { reason } }), onSuccess: () => { setCancelling(null); setReason(''); refresh(); } });
  const payout = useMutation({ mutationFn: (v: { id: number; action: 'paid' | 'rejected'; note?: string }) => api(`/admin/api/market/payout/${v.id}`, { body: { action: v.action, note: v.note } }), onSuccess: refresh });
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" component="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); void navigate({ search: { ...s, keyword: kw || undefined, page: undefined } }); }}>
        <SegmentedControl value={s.status ?? ''} data={STATUS_FILTER} onChange={(v) => void navigate({ search: { ...s, status: v || undefined, page: undefined } })} />
        <TextInput aria-label="ドメイン名" placeholder="ドメイン名" value={kw} onChange={(e) => setKw(e.currentTarget.value)} />
        <Button type="submit" variant="default">検索</Button>
      </Group>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : (
        <>
          <Text size="sm" c="dimmed">{Object.entries(q.data.counts).map(([k, n]) => `${k === 'disputed' ? '異議申し立て中' : TRADE_STATUS_LABELS[k] ?? k}: ${n}`).join(' ・ ') || '取引はまだありません'}</Text>
          {q.data.trades.data.length === 0 ? <AdminEmpty /> : (
            <WideTable minWidth={960} label="取引一覧">
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>取引</Table.Th><Table.Th>ドメイン</Table.Th><Table.Th>価格 / 手数料</Table.Th><Table.Th>購入者</Table.Th><Table.Th>出品者</Table.Th><Table.Th>状態</Table.Th><Table.Th>ステップ</Table.Th><Table.Th /></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {q.data.trades.data.map((t) => (
                    <Table.Tr key={t.id} data-testid="admin-trade-row">
                      <Table.Td>#{t.id}<Text size="xs" c="dimmed">{tokyoDateTime(t.created_at)}</Text></Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.domain}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(t.price)} / {yen(t.commission)}</Table.Td>
                      <Table.Td><UserLink id={t.buyer_id!}>{t.buyer_id}</UserLink></Table.Td>
                      <Table.Td><UserLink id={t.seller_id!}>{t.seller_id}</UserLink></Table.Td>
                      <Table.Td><Badge variant="light" color={t.status === 'completed' ? 'teal' : ['refunded', 'cancelled'].includes(t.status) ? 'gray' : 'blue'}>{TRADE_STATUS_LABELS[t.status]}</Badge>{t.dispute?.status === 'open' ? <Badge variant="light" color="orange" ml={4}>異議</Badge> : null}{t.status === 'paying' && t.pay_method == null ? <Text size="xs" c="dimmed">購入者のお支払い待ち（期限 {tokyoDateTime(t.pay_due_at ?? null)}）</Text> : null}{t.error ? <Text size="xs" c="red.8">{t.error}</Text> : null}</Table.Td>
                      <Table.Td><Stack gap={0}>{t.steps.map((st, i) => <Text key={i} size="xs">{TRADE_STEP_LABELS[st.step] ?? st.step}: {STEP_STATUS_LABELS[st.status] ?? st.status}{st.message ? `（${st.message}）` : ''} {tokyoDateTime(st.at)}</Text>)}</Stack></Table.Td>
                      <Table.Td>{t.status === 'escrowed' ? <Button size="compact-sm" color="red" variant="light" onClick={() => setCancelling(t)}>取消・返金</Button> : t.status === 'paying' && t.pay_method == null ? <Button size="compact-sm" color="red" variant="light" onClick={() => setCancelling(t)}>取消</Button> : null}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          )}
          <AdminPager page={q.data.trades.current_page} last={q.data.trades.last_page} onChange={(p) => void navigate({ search: { ...s, page: p > 1 ? p : undefined } })} label="取引" />
          <Disputes />
          <Text fw={700} mt="md">振込申請</Text>
          {payout.isError ? <AdminError messages={adminErrors(payout.error)} /> : null}
          {q.data.payouts.length === 0 ? <AdminEmpty>振込申請はありません</AdminEmpty> : (
            <WideTable minWidth={820} label="振込申請">
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>申請番号</Table.Th><Table.Th>ラッコID</Table.Th><Table.Th>金額</Table.Th><Table.Th>振込先</Table.Th><Table.Th>状態</Table.Th><Table.Th /></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {q.data.payouts.map((p) => (
                    <Table.Tr key={p.id} data-testid="admin-payout-row">
                      <Table.Td>{p.id}<Text size="xs" c="dimmed">{tokyoDateTime(p.requested_at)}</Text></Table.Td>
                      <Table.Td><UserLink id={p.user_id!}>{p.user_id}</UserLink></Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(p.amount)}</Table.Td>
                      <Table.Td>{p.bank.bank_name} {p.bank.branch_name} {p.bank.account_type} {p.bank.account_number} {p.bank.account_holder}</Table.Td>
                      <Table.Td>{PAYOUT_STATUS_LABELS[p.status]}{p.note ? <Text size="xs">{p.note}</Text> : null}</Table.Td>
                      <Table.Td>
                        {p.status === 'requested' ? (
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-sm" onClick={() => { if (window.confirm(`申請番号${p.id}（${yen(p.amount)}）を振込済みにします。よろしいですか？`)) payout.mutate({ id: p.id, action: 'paid' }); }}>振込済み</Button>
                            <Button size="compact-sm" variant="default" onClick={() => { const note = window.prompt('却下の理由'); if (note) payout.mutate({ id: p.id, action: 'rejected', note }); }}>却下</Button>
                          </Group>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          )}
        </>
      )}
      <Modal opened={!!cancelling} onClose={() => setCancelling(null)} title="取引の取消・返金" centered>
        <Stack gap="sm">
          {cancelling?.status === 'paying' ? (
            <Text size="sm">#{cancelling.id} {cancelling.domain} の取引（承諾されたオファーのお支払い待ち）を取り消します。代金はお預かりしていません。出品は掲載中に戻ります。</Text>
          ) : (
            <Text size="sm">#{cancelling?.id} {cancelling?.domain} を取り消し、購入者へ {cancelling ? yen(cancelling.price) : ''} を全額返金します。出品も終了します。</Text>
          )}
          <Textarea label="理由（購入者に通知されます）" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          {cancel.isError ? <AdminError messages={adminErrors(cancel.error)} /> : null}
          <Group justify="flex-end"><Button color="red" loading={cancel.isPending} disabled={!reason.trim()} onClick={() => cancel.mutate()}>{cancelling?.status === 'paying' ? '取り消す' : '取消して返金する'}</Button></Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** 異議申し立て: open disputes first, each with its thread; a super admin writes as 運営 and resolves (audited). */
function Disputes() {
  const qc = useQueryClient();
  const q = useQuery(marketQueries.adminDisputes());
  const [resolving, setResolving] = useState<{ d: MarketDisputeDto; outcome: 'release' | 'refund' } | null>(null);
  const [note, setNote] = useState('');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'market'] });
  const send = useMutation({ mutationFn: (v: { tradeId: number; body: string }) => api(`/admin/api/market/trade/${v.tradeId}/dispute/message`, { body: { body: v.body } }), onSuccess: refresh });
  const resolve = useMutation({
    mutationFn: () => api(`/admin/api/market/trade/${resolving!.d.trade_id}/dispute/resolve`, { body: { outcome: resolving!.outcome, note } }),
    onSuccess: () => { setResolving(null); setNote(''); refresh(); },
  });
  return (
    <Stack gap="xs" mt="md" data-testid="admin-disputes">
      <Text fw={700}>異議申し立て</Text>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : q.data.data.length === 0 ? <AdminEmpty>異議申し立てはありません</AdminEmpty> : (
        q.data.data.map((d) => (
          <Paper key={d.id} withBorder radius="sm" p="sm" data-testid="admin-dispute">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>取引 #{d.trade_id} {d.domain}</Text>
                <Badge variant="light">{d.trade_status ? TRADE_STATUS_LABELS[d.trade_status] : ''}</Badge>
                <Text size="xs">購入者 <UserLink id={d.buyer_id!}>{d.buyer_id}</UserLink> ・ 出品者 <UserLink id={d.seller_id!}>{d.seller_id}</UserLink></Text>
              </Group>
              <DisputeThread d={d} onSend={(body) => send.mutate({ tradeId: d.trade_id, body })} sending={send.isPending} error={send.isError ? adminErrors(send.error).join(' ') : null} />
              {d.status === 'open' ? (
                <Group gap="xs">
                  <Button size="compact-sm" onClick={() => setResolving({ d, outcome: 'release' })} disabled={d.trade_status === 'moving'}>出品者へ支払う</Button>
                  <Button size="compact-sm" color="red" variant="light" onClick={() => setResolving({ d, outcome: 'refund' })} disabled={d.trade_status === 'moving'}>購入者へ返金する</Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))
      )}
      <Modal opened={!!resolving} onClose={() => setResolving(null)} title="異議申し立ての解決" centered>
        <Stack gap="sm">
          <Text size="sm">
            取引 #{resolving?.d.trade_id} {resolving?.d.domain}: {resolving?.outcome === 'release'
              ? '取引を続け、代金を出品者へ支払います（ドメインが未移動なら移動してから）。'
              : '購入者へ全額返金します。ドメインが移動済みの場合は出品者へ戻してから返金します。'}
          </Text>
          <Textarea label="理由（購入者と出品者に通知されます）" required value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          {resolve.isError ? <AdminError messages={adminErrors(resolve.error)} /> : null}
          <Group justify="flex-end"><Button color={resolving?.outcome === 'refund' ? 'red' : undefined} loading={resolve.isPending} disabled={!note.trim()} onClick={() => resolve.mutate()}>解決する</Button></Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
