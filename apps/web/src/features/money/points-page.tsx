import { Alert, Badge, Box, Button, Group, Loader, NumberInput, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OrdersHttpPaths, type BankTransferDto, type BankTransferListResult, type BankTransferStatus, type PointHistoryResult } from '@registrar/contracts';
import { M, PRODUCT } from '@registrar/messages';
import { formatDateJst, formatDateTimeJst, formatPoints, formatYen, pointEntryLabel } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { pointBalanceQuery } from '../../lib/points';

const TRANSFER_STATUS: Record<BankTransferStatus, { label: string; color: string }> = {
  pending: { label: 'お振込み待ち', color: 'blue' },
  confirmed: { label: '入金確認済み', color: 'green' },
  cancelled: { label: '取消', color: 'gray' },
};

const statusBadge = (s: BankTransferStatus) => (
  <Badge variant="light" color={TRANSFER_STATUS[s].color} style={{ textTransform: 'none', flexShrink: 0 }}>{TRANSFER_STATUS[s].label}</Badge>
);

/**
 * ラッコポイント (the user menu's point page): the balance, the ledger history (newest first, paged) and buying points
 * by bank transfer (1,000 to 1,000,000 yen; a reference to write on the transfer; credited when the operators confirm it).
 * The member's transfer requests stay listed with their reference, amount and state, beside the account to pay into.
 */
export function PointsPage() {
  usePageTitle(PRODUCT.pointName);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const balance = useQuery(pointBalanceQuery);
  const history = useQuery({ queryKey: ['points', 'history', page], queryFn: ({ signal }) => api<PointHistoryResult>(OrdersHttpPaths.pointHistory, { query: { page }, signal }) });
  const transfers = useQuery({ queryKey: ['points', 'bank-transfers'], queryFn: ({ signal }) => api<BankTransferListResult>(OrdersHttpPaths.bankTransfer, { signal }) });
  const [amount, setAmount] = useState<number | string>(10_000);
  const [transfer, setTransfer] = useState<BankTransferDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function buy() {
    setBusy(true);
    setError(null);
    try {
      setTransfer(await api<BankTransferDto>(OrdersHttpPaths.bankTransfer, { body: { amount: Number(amount) } }));
      void qc.invalidateQueries({ queryKey: ['points'] });
    } catch (e) {
      const b = e instanceof ApiError ? (e.body as { errors?: string[] | Record<string, string[]>; message?: string }) : null;
      const errs = Array.isArray(b?.errors) ? b!.errors : b?.errors ? Object.values(b.errors).flat() : [];
      setError(errs[0] ?? b?.message ?? M.errorOccurred);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" data-testid="points-page">
      <Title order={1} size="h3">{PRODUCT.pointName}</Title>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">保有ポイント</Text>
        {balance.isPending ? <Loader size="sm" /> : balance.isError ? <Text c="red.8">{M.errorOccurred}</Text> : (
          <Text fz={28} fw={700} data-testid="points-balance">{formatPoints(balance.data)}</Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">銀行振込でポイントを購入</Title>
          <Text size="sm">1ポイント＝1円です。お振込みの確認後にポイントが付与されます。</Text>
          <Group align="flex-end" wrap="wrap">
            <NumberInput label="購入金額（円）" min={1000} max={1000000} step={1000} thousandSeparator="," value={amount} onChange={setAmount} w={200} data-testid="bank-amount" />
            <Button onClick={() => void buy()} loading={busy} data-testid="bank-buy">振込でポイントを購入する</Button>
          </Group>
          {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          {transfer ? (
            <Alert color="blue" data-testid="bank-reference" title="お振込みのご案内">
              振込受付番号 {transfer.reference} を振込依頼人名の前にご記入のうえ、{formatYen(transfer.amount)}をお振込みください。
            </Alert>
          ) : null}
          <Stack gap={2} data-testid="bank-account">
            <Text size="sm" fw={700}>お振込先</Text>
            {transfers.isPending ? <Loader size="xs" /> : transfers.isError ? <Text size="sm" c="red.8">{M.errorOccurred}</Text> : (
              <Text size="sm">{transfers.data.account ?? '振込先口座はお問い合わせ窓口までお尋ねください。'}</Text>
            )}
            <Text size="xs" c="dimmed">振込手数料はお客様のご負担となります。振込依頼人名の前に振込受付番号をご記入ください。</Text>
          </Stack>
          {transfers.data && transfers.data.topUps.length > 0 ? (phone ? (
            <Stack gap={6} data-testid="bank-transfers">
              {transfers.data.topUps.map((t) => (
                <Paper key={t.id} withBorder radius="sm" p="xs" data-testid={`bank-transfer-${t.reference}`}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>受付番号 {t.reference}</Text>
                    {statusBadge(t.status)}
                  </Group>
                  <Group justify="space-between" gap="xs">
                    <Text size="xs" c="dimmed">{formatDateJst(t.createdAt)} お申し込み</Text>
                    <Text size="sm" fw={600}>{formatYen(t.amount)}</Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table withTableBorder data-testid="bank-transfers">
              <Table.Thead><Table.Tr><Table.Th>お申し込み日</Table.Th><Table.Th>振込受付番号</Table.Th><Table.Th ta="right">金額</Table.Th><Table.Th ta="right">状態</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {transfers.data.topUps.map((t) => (
                  <Table.Tr key={t.id} data-testid={`bank-transfer-${t.reference}`}>
                    <Table.Td>{formatDateJst(t.createdAt)}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{t.reference}</Table.Td>
                    <Table.Td ta="right">{formatYen(t.amount)}</Table.Td>
                    <Table.Td ta="right">{statusBadge(t.status)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">ポイント履歴</Title>
          {history.isPending ? <Group justify="center"><Loader size="sm" /></Group> : history.isError ? (
            <Alert color="red">{M.errorOccurred}<Button variant="subtle" size="xs" onClick={() => void history.refetch()}>再読み込み</Button></Alert>
          ) : history.data.data.length === 0 ? (
            <Text c="dimmed" data-testid="points-empty">ポイントの履歴はまだありません。</Text>
          ) : (
            <>
              {phone ? (
                <Stack gap={0} data-testid="points-history">
                  {history.data.data.map((e) => (
                    <Box key={e.id} py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="points-row">
                      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                        <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>{pointEntryLabel(e)}</Text>
                        <Text size="sm" fw={600} c={e.delta > 0 ? 'blue.8' : 'red.8'} style={{ whiteSpace: 'nowrap' }}>{e.delta > 0 ? '+' : ''}{formatPoints(e.delta)}</Text>
                      </Group>
                      <Group justify="space-between" gap="xs">
                        <Text size="xs" c="dimmed">{formatDateTimeJst(e.createdAt)}</Text>
                        <Text size="xs" c="dimmed">残高 {formatPoints(e.balanceAfter)}</Text>
                      </Group>
                    </Box>
                  ))}
                </Stack>
              ) : (
                <Table striped withTableBorder data-testid="points-history">
                  <Table.Thead><Table.Tr><Table.Th>日時</Table.Th><Table.Th>内容</Table.Th><Table.Th ta="right">ポイント</Table.Th><Table.Th ta="right">残高</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {history.data.data.map((e) => (
                      <Table.Tr key={e.id} data-testid="points-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeJst(e.createdAt)}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{pointEntryLabel(e)}</Table.Td>
                        <Table.Td ta="right" c={e.delta > 0 ? 'blue.8' : 'red.8'} style={{ whiteSpace: 'nowrap' }}>{e.delta > 0 ? '+' : ''}{formatPoints(e.delta)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatPoints(e.balanceAfter)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {history.data.last_page > 1 ? <Pagination total={history.data.last_page} value={page} onChange={setPage} size="sm" /> : null}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
