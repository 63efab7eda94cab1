import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { OperationRow } from '@registrar/contracts';

const STATUS: Record<OperationRow['status'], { label: string; color: string }> = {
  queued: { label: '待機中', color: 'gray' },
  processing: { label: '処理中', color: 'blue' },
  success: { label: '成功', color: 'green' },
  accepted: { label: '受付済み', color: 'teal' },
  error: { label: 'エラー', color: 'red' },
};

/** An IDN with its punycode in brackets (001 §2). */
export function DomainName({ name, punycode }: { name: string; punycode?: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {name}
      {punycode && punycode !== name ? <Text span c="dimmed" size="xs">（{punycode}）</Text> : null}
    </Text>
  );
}

/** Progress of a running operation (done of total). */
export function OpProgress({ progress }: { progress: { done: number; total: number } | null }) {
  if (!progress) return null;
  const pct = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Stack gap={4} data-testid="op-progress">
      <Progress value={pct} animated={pct < 100} aria-label="処理の進み具合" />
      <Text size="sm" c="dimmed">{progress.done} / {progress.total} 件完了</Text>
    </Stack>
  );
}

/** The result step: one row per domain with its status and message (001 §7 "What the product does with answers"). */
export function OpResultTable({ rows, extra }: { rows: OperationRow[]; extra?: (r: OperationRow) => React.ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table striped withTableBorder data-testid="op-results" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ width: '45%' }}>ドメイン</Table.Th>
            <Table.Th>結果</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid={`op-row-${r.id}`} data-status={r.status}>
              <Table.Td><DomainName name={r.idn || r.name} /></Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Group gap="xs"><Badge color={STATUS[r.status].color} variant="light">{STATUS[r.status].label}</Badge></Group>
                  {r.message ? <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.message}</Text> : null}
                  {extra?.(r)}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The chosen domains, listed above a modal's form. */
export function ChosenDomains({ domains }: { domains: Array<{ id: number; name: string; punycode?: string }> }) {
  return (
    <Stack gap={2} data-testid="op-domains" style={{ maxHeight: 160, overflowY: 'auto' }}>
      <Text size="sm" fw={600}>対象ドメイン（{domains.length}件）</Text>
      {domains.slice(0, 50).map((d) => <DomainName key={d.id} name={d.name} punycode={d.punycode} />)}
      {domains.length > 50 ? <Text size="sm" c="dimmed">ほか{domains.length - 50}件</Text> : null}
    </Stack>
  );
}
