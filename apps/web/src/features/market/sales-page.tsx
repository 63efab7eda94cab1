import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketTradeDto } from '@registrar/contracts';
import { LISTING_STATUS_LABELS, PAYOUT_STATUS_LABELS, TRADE_STATUS_LABELS } from '@registrar/messages';
import { BANK_ACCOUNT_TYPES, payoutErrors } from '@registrar/rules';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { dateJst, dateTimeJst, marketError, marketQueries, newKey, yen } from './market.api';

function Scroll({ children, min = 640 }: { children: React.ReactNode; min?: number }) {
  return <div style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role="region" aria-label="表"><div style={{ minWidth: min }}>{children}</div></div>;
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" data-testid={testId}>{value}</Text>
    </Paper>
  );
}

function TradeRows({ rows }: { rows: MarketTradeDto[] }) {
  if (!rows.length) return <EmptyBlock title="取引はまだありません" />;
  return (
    <Scroll>
      <Table striped withTableBorder fz="sm">
        <Table.Thead><Table.Tr><Table.Th>取引番号</Table.Th><Table.Th>ドメイン</Table.Th><Table.Th>価格</Table.Th><Table.Th>状態</Table.Th><Table.Th>更新日時</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t.id} data-testid="trade-row">
              <Table.Td><Anchor renderRoot={(props) => <Link {...props} to="/market/trade/$tradeId" params={{ tradeId: String(t.id) }} />}>#{t.id}</Anchor></Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.domain}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(t.price)}</Table.Td>
              <Table.Td><Badge variant="light" color={t.status === 'completed' ? 'teal' : ['refunded', 'cancelled'].includes(t.status) ? 'gray' : 'blue'}>{TRADE_STATUS_LABELS[t.status]}</Badge></Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeJst(t.updated_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

/** /sales (売上管理): totals, the member's listings and offers, trades, payouts to a bank account, monthly statements. */
export function SalesPage() {
  usePageTitle('売上管理');
  const qc = useQueryClient();
  const sales = useQuery(marketQueries.sales());
  const mine = useQuery(marketQueries.mine());
  const offers = useQuery(marketQueries.offers());
  const trades = useQuery(marketQueries.trades());
  const refresh = () => void qc.invalidateQueries({ queryKey: ['market'] });
  const answer = useMutation({ mutationFn: (v: { id: number; accept: boolean }) => api(`/mypage/market/offer/${v.id}/answer`, { body: { accept: v.accept } }), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: (id: number) => api(`/mypage/market/listing/${id}/cancel`, { body: {} }), onSuccess: refresh });
  const [bank, setBank] = useState({ bankName: '', branchName: '', accountType: '普通', accountNumber: '', accountHolder: '' });
  const [amount, setAmount] = useState<number | string>('');
  const [key, setKey] = useState(newKey);
  const [touched, setTouched] = useState(false);
  const payoutError = payoutErrors({ amount: Number(amount), ...bank });
  const payout = useMutation({
    mutationFn: () => api('/sales/payout', { body: { amount: Number(amount), key, ...bank } }),
    onSuccess: () => { setKey(newKey()); setAmount(''); setTouched(false); refresh(); void qc.invalidateQueries({ queryKey: ['points'] }); },
  });
  const available = sales.data ? sales.data.totals.credited - sales.data.totals.paid_out - sales.data.totals.requested : 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">売上管理</Title>
        <Group gap="xs"><Button component={Link} to="/market/sell">ドメインを出品する</Button><Button component={Link} to="/market" variant="default">マーケットを見る</Button></Group>
      </Group>
      {sales.isPending ? <TableSkeleton rows={2} /> : sales.isError ? <ErrorBlock message={marketError(sales.error)} onRetry={() => void sales.refetch()} /> : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Stat label="売上合計" value={yen(sales.data.totals.sales)} testId="sales-total" />
          <Stat label={`手数料（${sales.data.commission_percent}%）`} value={yen(sales.data.totals.commission)} />
          <Stat label="付与ポイント" value={yen(sales.data.totals.credited)} testId="sales-credited" />
          <Stat label="取引中" value={yen(sales.data.totals.in_progress)} />
          <Stat label="振込申請中" value={yen(sales.data.totals.requested)} />
          <Stat label="振込済み" value={yen(sales.data.totals.paid_out)} />
        </SimpleGrid>
      )}
      <Tabs defaultValue="listings" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="listings">出品</Tabs.Tab>
          <Tabs.Tab value="offers">オファー</Tabs.Tab>
          <Tabs.Tab value="trades">取引</Tabs.Tab>
          <Tabs.Tab value="payouts">振込申請</Tabs.Tab>
          <Tabs.Tab value="statements">明細</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="listings" pt="md">
          {mine.isPending ? <TableSkeleton rows={3} /> : mine.isError ? <ErrorBlock message={marketError(mine.error)} /> : mine.data.length === 0 ? <EmptyBlock title="出品はまだありません" action={<Button component={Link} to="/market/sell" size="xs">出品する</Button>} /> : (
            <Scroll>
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>ドメイン</Table.Th><Table.Th>価格</Table.Th><Table.Th>状態</Table.Th><Table.Th>掲載終了日</Table.Th><Table.Th /></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {mine.data.filter((l) => l.status !== 'pending').map((l) => (
                    <Table.Tr key={l.id} data-testid="my-listing">
                      <Table.Td style={{ overflowWrap: 'anywhere' }}><Anchor renderRoot={(props) => <Link {...props} to="/market/$listingId" params={{ listingId: String(l.id) }} />}>{l.domain}</Anchor>{l.hidden ? <Text size="xs" c="red.8">非公開: {l.hidden_reason}</Text> : null}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(l.price)}</Table.Td>
                      <Table.Td><Badge variant="light" color={l.status === 'active' ? 'teal' : 'gray'}>{LISTING_STATUS_LABELS[l.status]}</Badge></Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateJst(l.ends_at)}</Table.Td>
                      <Table.Td>{l.status === 'active' ? <Button size="compact-sm" color="red" variant="light" loading={cancel.isPending && cancel.variables === l.id} onClick={() => { if (window.confirm(`${l.domain} の出品を取り消しますか？`)) cancel.mutate(l.id); }}>取消</Button> : null}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scroll>
          )}
          {cancel.isError ? <Alert mt="sm" color="red" variant="light" role="alert">{marketError(cancel.error)}</Alert> : null}
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="md">
          {offers.isPending ? <TableSkeleton rows={3} /> : offers.isError ? <ErrorBlock message={marketError(offers.error)} /> : offers.data.received.length + offers.data.sent.length === 0 ? <EmptyBlock title="オファーはありません" /> : (
            <Scroll>
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>種別</Table.Th><Table.Th>ドメイン</Table.Th><Table.Th>金額</Table.Th><Table.Th>メッセージ</Table.Th><Table.Th>状態</Table.Th><Table.Th /></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {[...offers.data.received.map((o) => ({ ...o, kind: '受信' as const })), ...offers.data.sent.map((o) => ({ ...o, kind: '送信' as const }))].map((o) => (
                    <Table.Tr key={`${o.kind}-${o.id}`}>
                      <Table.Td>{o.kind}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.domain}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(o.amount)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.message}</Table.Td>
                      <Table.Td>{{ pending: '回答待ち', accepted: '承諾', declined: '辞退', withdrawn: '不成立' }[o.status]}</Table.Td>
                      <Table.Td>
                        {o.kind === '受信' && o.status === 'pending' ? (
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-sm" loading={answer.isPending && answer.variables?.id === o.id} onClick={() => answer.mutate({ id: o.id, accept: true })}>承諾</Button>
                            <Button size="compact-sm" variant="default" onClick={() => answer.mutate({ id: o.id, accept: false })}>辞退</Button>
                          </Group>
                        ) : o.trade_id ? <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/market/trade/$tradeId" params={{ tradeId: String(o.trade_id) }} />}>取引</Anchor> : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scroll>
          )}
          {answer.isError ? <Alert mt="sm" color="red" variant="light" role="alert">{marketError(answer.error)}</Alert> : null}
        </Tabs.Panel>
        <Tabs.Panel value="trades" pt="md">
          {trades.isPending ? <TableSkeleton rows={3} /> : trades.isError ? <ErrorBlock message={marketError(trades.error)} /> : (
            <Stack gap="md">
              <div><Title order={2} size="h5" mb="xs">売却</Title><TradeRows rows={trades.data.sold} /></div>
              <div><Title order={2} size="h5" mb="xs">購入</Title><TradeRows rows={trades.data.bought} /></div>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="payouts" pt="md">
          <Paper withBorder radius="md" p="md" mb="md" component="form" noValidate onSubmit={(e: React.FormEvent) => { e.preventDefault(); setTouched(true); if (!payoutError) payout.mutate(); }}>
            <Text size="sm" mb="xs">振込可能額: <b data-testid="payout-available">{yen(Math.max(0, available))}</b>（付与ポイントから申請します。運営の確認後にお振込みします）</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput label="申請額（円）" thousandSeparator="," min={1000} hideControls value={amount} onChange={setAmount} />
              <TextInput label="銀行名" value={bank.bankName} onChange={(e) => setBank({ ...bank, bankName: e.currentTarget.value })} />
              <TextInput label="支店名" value={bank.branchName} onChange={(e) => setBank({ ...bank, branchName: e.currentTarget.value })} />
              <Select label="口座種別" allowDeselect={false} data={[...BANK_ACCOUNT_TYPES]} value={bank.accountType} onChange={(v) => setBank({ ...bank, accountType: v ?? '普通' })} />
              <TextInput label="口座番号（7桁）" inputMode="numeric" maxLength={7} value={bank.accountNumber} onChange={(e) => setBank({ ...bank, accountNumber: e.currentTarget.value })} />
              <TextInput label="口座名義（カナ）" value={bank.accountHolder} onChange={(e) => setBank({ ...bank, accountHolder: e.currentTarget.value })} />
            </SimpleGrid>
            {touched && payoutError ? <Alert mt="sm" color="red" variant="light" role="alert">{payoutError}</Alert> : null}
            {payout.isError ? <Alert mt="sm" color="red" variant="light" role="alert">{marketError(payout.error)}</Alert> : null}
            {payout.isSuccess ? <Alert mt="sm" color="teal" variant="light" role="status">振込を申請しました。</Alert> : null}
            <Button mt="sm" type="submit" loading={payout.isPending}>振込を申請する</Button>
          </Paper>
          {sales.data && sales.data.payouts.length ? (
            <Scroll>
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>申請番号</Table.Th><Table.Th>金額</Table.Th><Table.Th>振込先</Table.Th><Table.Th>状態</Table.Th><Table.Th>申請日時</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {sales.data.payouts.map((p) => (
                    <Table.Tr key={p.id} data-testid="payout-row">
                      <Table.Td>{p.id}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{yen(p.amount)}</Table.Td>
                      <Table.Td>{p.bank.bank_name} {p.bank.branch_name} {p.bank.account_type} {p.bank.account_number}</Table.Td>
                      <Table.Td><Badge variant="light" color={p.status === 'paid' ? 'teal' : p.status === 'rejected' ? 'red' : 'blue'}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>{p.note ? <Text size="xs">{p.note}</Text> : null}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeJst(p.requested_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scroll>
          ) : <EmptyBlock title="振込申請はまだありません" />}
        </Tabs.Panel>
        <Tabs.Panel value="statements" pt="md">
          {sales.data && sales.data.statements.length ? (
            <Scroll min={560}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead><Table.Tr><Table.Th>月</Table.Th><Table.Th>件数</Table.Th><Table.Th>売上</Table.Th><Table.Th>手数料</Table.Th><Table.Th>付与ポイント</Table.Th><Table.Th>振込額</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {sales.data.statements.map((s) => (
                    <Table.Tr key={s.month}><Table.Td>{s.month}</Table.Td><Table.Td>{s.count}</Table.Td><Table.Td>{yen(s.sales)}</Table.Td><Table.Td>{yen(s.commission)}</Table.Td><Table.Td>{yen(s.credited)}</Table.Td><Table.Td>{yen(s.paid_out)}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scroll>
          ) : <EmptyBlock title="明細はまだありません" />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
