import { Alert, Anchor, Button, Divider, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { StatementResult, StatementRowDto } from '@registrar/contracts';
import { M, PRODUCT } from '@registrar/messages';
import { formatDateJst, formatDateTimeJst, formatYen, receiptPath } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';

export const STATEMENT_TITLE = '利用明細';
const METHOD: Record<StatementRowDto['method'], string> = { card: 'クレジットカード', wallet: 'PayPal', bank_transfer: '銀行振込' };

/** 利用明細 (the user menu): the charges paid (card, wallet, confirmed bank transfers), newest first, each with its receipt. */
export function StatementPage() {
  usePageTitle(STATEMENT_TITLE);
  const [page, setPage] = useState(1);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const q = useQuery({ queryKey: ['statement', page], queryFn: ({ signal }) => api<StatementResult>('/mypage/account_statement', { query: { page }, signal }) });
  const receipt = (r: StatementRowDto) => (
    <Anchor href={receiptPath(r.kind, r.id)} size="sm" data-testid="receipt-link">領収書</Anchor>
  );
  return (
    <Stack gap="md" data-testid="statement-page">
      <Title order={1} size="h3">{STATEMENT_TITLE}</Title>
      <Text size="sm">カード・PayPal・銀行振込でお支払いいただいた金額の明細です。ドメインの登録・更新・移管には、お支払いで購入した{PRODUCT.pointName}が使われます（ご利用の内訳は{PRODUCT.pointName}のページでご確認いただけます）。</Text>
      {q.isPending ? (
        <Group justify="center" py="lg"><Loader size="sm" /><Text size="sm">読み込み中…</Text></Group>
      ) : q.isError ? (
        <Alert color="red" role="alert">{M.errorOccurred}<Button variant="subtle" size="xs" onClick={() => void q.refetch()}>再読み込み</Button></Alert>
      ) : q.data.data.length === 0 ? (
        <Paper withBorder p="lg" radius="md"><Text c="dimmed" data-testid="statement-empty">お支払いの明細はまだありません。</Text></Paper>
      ) : phone ? (
        <Stack gap="xs" data-testid="statement-list">
          {q.data.data.map((r) => (
            <Paper key={`${r.kind}-${r.id}`} withBorder p="sm" radius="md" data-testid="statement-row">
              <Group justify="space-between"><Text size="sm" c="dimmed">{formatDateTimeJst(r.paidAt)}</Text><Text fw={700}>{formatYen(r.amount)}</Text></Group>
              <Text size="sm">{r.description}・{METHOD[r.method]}</Text>
              {r.domains.length ? <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{r.domains.join('、')}</Text> : null}
              {receipt(r)}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder data-testid="statement-list">
          <Table.Thead><Table.Tr><Table.Th>日時</Table.Th><Table.Th>内容</Table.Th><Table.Th>お支払い方法</Table.Th><Table.Th ta="right">金額（税込）</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {q.data.data.map((r) => (
              <Table.Tr key={`${r.kind}-${r.id}`} data-testid="statement-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeJst(r.paidAt)}</Table.Td>
                <Table.Td><Text size="sm">{r.description}</Text>{r.domains.length ? <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{r.domains.join('、')}</Text> : null}</Table.Td>
                <Table.Td>{METHOD[r.method]}</Table.Td>
                <Table.Td ta="right">{formatYen(r.amount)}</Table.Td>
                <Table.Td>{receipt(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {q.data && q.data.last_page > 1 ? <Pagination total={q.data.last_page} value={page} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}

/** The receipt of one charge as a printable page (the browser's print, or "save as PDF"). */
export function ReceiptPage({ kind, id }: { kind: string; id: string }) {
  usePageTitle('領収書');
  const q = useQuery({ queryKey: ['statement', 'receipt', kind, id], queryFn: ({ signal }) => api<StatementRowDto>('/mypage/account_statement/receipt', { query: { kind, id }, signal }), retry: false });
  if (q.isPending) return <Group justify="center" py="lg"><Loader size="sm" /><Text size="sm">読み込み中…</Text></Group>;
  if (q.isError) {
    const msg = q.error instanceof ApiError && typeof (q.error.body as { message?: unknown })?.message === 'string' ? (q.error.body as { message: string }).message : M.errorOccurred;
    return <Stack><Alert color="red" role="alert">{msg}</Alert><Anchor component={Link} to="/account_statement">利用明細に戻る</Anchor></Stack>;
  }
  const r = q.data;
  return (
    <Stack gap="md">
      <style>{'@media print { body * { visibility: hidden; } .receipt-sheet, .receipt-sheet * { visibility: visible; } .receipt-sheet { position: absolute; left: 0; top: 0; width: 100%; border: none; } }'}</style>
      <Group justify="space-between" className="receipt-actions">
        <Anchor component={Link} to="/account_statement">利用明細に戻る</Anchor>
        <Button onClick={() => window.print()} data-testid="receipt-print">印刷する（PDFで保存）</Button>
      </Group>
      <Paper withBorder p="xl" radius="md" className="receipt-sheet" data-testid="receipt">
        <Stack gap="sm">
          <Title order={1} size="h2" ta="center">領収書</Title>
          <Group justify="space-between" wrap="wrap"><Text size="sm">No. {r.receiptNo}</Text><Text size="sm">発行日 {formatDateJst(r.paidAt)}</Text></Group>
          <Divider />
          <Text ta="center" fz={28} fw={700} data-testid="receipt-amount">{formatYen(r.amount)}</Text>
          <Text ta="center" size="sm">（うち消費税等 {formatYen(r.tax)}）</Text>
          <Text size="sm">但し　{r.description}として</Text>
          {r.domains.length ? <Text size="sm" style={{ wordBreak: 'break-all' }}>対象ドメイン：{r.domains.join('、')}</Text> : null}
          <Text size="sm">お支払い方法：{METHOD[r.method]}　お支払い日時：{formatDateTimeJst(r.paidAt)}</Text>
          <Text size="sm">上記の金額を正に領収いたしました。</Text>
          <Divider />
          <Text size="sm" ta="right">{PRODUCT.serviceName}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
