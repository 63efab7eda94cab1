import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderItemResult } from '@registrar/contracts';
import { PRODUCT } from '@registrar/messages';
import { formatPoints } from '@registrar/rules';
import { purchaseQueries } from './purchase.api';

function StatusCell({ item }: { item: OrderItemResult }) {
  switch (item.status) {
    case 'processing':
      return (
        <Group gap={6} wrap="nowrap">
          <Loader role="status" size="xs" aria-label="処理中" />
          <Text size="sm" c="dimmed">
            処理中
          </Text>
        </Group>
      );
    case 'error':
      return (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Text c="red.7" fw={700} aria-label="エラー">
            ✕
          </Text>
          <Text size="sm" c="red.7" data-testid="result-error">
            {item.error_msg ?? 'エラーが発生しました'}
          </Text>
        </Group>
      );
    case 'accepted':
      return (
        <Text size="sm" c="blue.7" fw={600}>
          受付済み（登録処理中）
        </Text>
      );
    case 'done':
      return (
        <Group gap={6} wrap="nowrap">
          <Text c="teal.7" fw={700} aria-label="完了">
            ○
          </Text>
          <Text size="sm">登録完了</Text>
        </Group>
      );
  }
}

/** /mypage/domain filtered by the purchased domains, as repeated domainPkIds[] parameters (000 §2). */
export function manageHref(items: OrderItemResult[]): string {
  const q = items.filter((d) => d.domain_pk_id !== null).map((d) => `domainPkIds[]=${encodeURIComponent(String(d.domain_pk_id))}`);
  return q.length ? `/mypage/domain?${q.join('&')}` : '/mypage/domain';
}

/**
 * The result step (000 §3 "After purchase", §4): polls the order until every domain has ended; per domain processing
 * (spinner), error (cross and message), accepted (pending) or done (circle). The follow-up buttons enable at the end.
 */
export function ResultStep({ orderId, initial, onContinue, onDone }: { orderId: string; initial: OrderItemResult[]; onContinue: () => void; onDone?: () => void }) {
  const status = useQuery(purchaseQueries.status(orderId));
  const items = status.data?.domains ?? initial;
  const done = status.data?.done ?? false;
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);
  const rp = (n: number) => formatPoints(n, PRODUCT.pointUnit);

  return (
    <Stack gap="md" data-testid="result-step" data-done={done ? 'true' : 'false'}>
      <Title order={2} fz="lg">
        {done ? 'ご購入手続きが完了しました' : 'ドメインを登録しています…'}
      </Title>
      {status.isError ? (
        <Alert color="yellow" variant="light">
          状況を取得できませんでした。自動的に再試行します。
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" data-testid="result-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="45%">ドメイン</Table.Th>
              <Table.Th>結果</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.domain_name} data-testid="result-row" data-domain={d.domain_name} data-status={d.status}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {d.domain_name}
                  </Text>
                  {d.info ? (
                    <Text size="xs" c="dimmed">
                      {d.info}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <StatusCell item={d} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {done && status.data ? (
        <Paper withBorder p="sm" radius="md" data-testid="result-summary">
          <Group gap="lg">
            <Text size="sm">ご利用ポイント：{rp(status.data.pointsCharged)}</Text>
            {status.data.pointsRefunded > 0 ? <Text size="sm">返還ポイント：{rp(status.data.pointsRefunded)}</Text> : null}
            <Text size="sm">残りポイント：{rp(status.data.balance)}</Text>
          </Group>
        </Paper>
      ) : null}
      <Group justify="center" gap="sm">
        <Button variant="default" disabled={!done} onClick={onContinue} data-testid="result-continue">
          続けてドメインを登録する
        </Button>
        <Button component="a" href={done ? manageHref(items) : undefined} disabled={!done} data-testid="result-manage">
          ドメイン管理へ
        </Button>
      </Group>
    </Stack>
  );
}
