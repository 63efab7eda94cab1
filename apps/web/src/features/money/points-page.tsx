import { Alert, Button, Group, Loader, NumberInput, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OrdersHttpPaths, type BankTransferDto, type PointEntryKind, type PointHistoryResult } from '@registrar/contracts';
import { M, PRODUCT } from '@registrar/messages';
import { formatDateTimeJst, formatPoints, formatYen } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';

const KIND_LABEL: Record<PointEntryKind, string> = {
  grant: 'ポイント付与', purchase: 'カード決済によるポイント購入', spend: 'ご利用', refund: '返還', card_surplus: 'カード決済の差額付与', bank_transfer: '銀行振込によるポイント購入', adjust: '調整',
};

/**
 * ラッコポイント (the user menu's point page): the balance, the ledger history (newest first, paged) and buying points
 * by bank transfer (1,000 to 1,000,000 yen; a reference to write on the transfer; credited when the operators confirm it).
 */
export function PointsPage() {
  usePageTitle(PRODUCT.pointName);
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const balance = useQuery({ queryKey: ['points', 'balance'], queryFn: ({ signal }) => api<{ data: { point: number } }>(OrdersHttpPaths.userPoint, { signal }).then((r) => r.data.point) });
  const history = useQuery({ queryKey: ['points', 'history', page], queryFn: ({ signal }) => api<PointHistoryResult>(OrdersHttpPaths.pointHistory, { query: { page }, signal }) });
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
              <Table.ScrollContainer minWidth={320} type="native">
                <Table striped withTableBorder data-testid="points-history">
                  <Table.Thead><Table.Tr><Table.Th>日時</Table.Th><Table.Th>内容</Table.Th><Table.Th ta="right">ポイント</Table.Th><Table.Th ta="right">残高</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {history.data.data.map((e) => (
                      <Table.Tr key={e.id} data-testid="points-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeJst(e.createdAt)}</Table.Td>
                        <Table.Td>{KIND_LABEL[e.kind] ?? e.kind}</Table.Td>
                        <Table.Td ta="right" c={e.delta > 0 ? 'blue.8' : 'red.8'}>{e.delta > 0 ? '+' : ''}{formatPoints(e.delta)}</Table.Td>
                        <Table.Td ta="right">{formatPoints(e.balanceAfter)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {history.data.last_page > 1 ? <Pagination total={history.data.last_page} value={page} onChange={setPage} size="sm" /> : null}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
