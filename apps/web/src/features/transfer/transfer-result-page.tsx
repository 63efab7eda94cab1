import { Alert, Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { RESULT_KEY, StoredTransferResult } from './transfer.api';
import { usePageTitle } from '../../lib/page-title';

/** /mypage/transferin/result (000 §2): the request's answer per domain (kept in session storage; the URL was replaced). */
export function TransferResultPage() {
  usePageTitle('ドメイン移管の申請結果');
  const [r] = useState<StoredTransferResult | null>(() => {
    try { return JSON.parse(sessionStorage.getItem(RESULT_KEY) ?? 'null') as StoredTransferResult | null; } catch { return null; }
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメイン移管の申請結果</Title>
      {!r ? <Alert color="gray">表示できる申請結果がありません。</Alert> : (
        <>
          {r.domains.some((d) => !d.error_msg) ? <Text size="sm">移管元の事業者の承認後（最大5日程度）に移管が完了し、ドメイン一覧に表示されます。完了・失敗はメールでお知らせします。</Text> : null}
          <Paper withBorder radius="md" p="sm">
            <Table.ScrollContainer minWidth={300} type="native">
              <Table layout="fixed" data-testid="transfer-result">
                <Table.Thead><Table.Tr><Table.Th w="45%">ドメイン名</Table.Th><Table.Th>結果</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {r.domains.map((d) => (
                    <Table.Tr key={d.domain_name} data-testid={`transfer-result-${d.domain_name}`}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.domain_name}</Table.Td>
                      <Table.Td>{d.error_msg ? <Text size="sm" c="red.8">✕ {d.error_msg}</Text> : <Text size="sm" c="green.8">◯ {M.transferRequested}</Text>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
      <Group gap="lg">
        <Anchor href="/mypage/transferin">移管の状況を見る</Anchor>
        <Anchor href="/mypage/domain">ドメイン一覧へ</Anchor>
      </Group>
    </Stack>
  );
}
