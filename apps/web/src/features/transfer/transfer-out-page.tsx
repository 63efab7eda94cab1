import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransferOutAnswer } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { transferQueries } from './transfer.api';
import { useTitle } from './transfer-entry-page';

/**
 * /mypage/transferout: other registrars' requests for the member's domains (read from the registry's poll messages).
 * The member approves (the domain leaves) or rejects; unanswered, the registry approves by itself after 5 days.
 */
export function TransferOutPage() {
  useTitle('他社への移管の承認');
  const qc = useQueryClient();
  const q = useQuery(transferQueries.outs());
  const rows = q.data ?? [];
  const [checked, setChecked] = useState<number[]>([]);
  const [answer, setAnswer] = useState<TransferOutAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const all = rows.length > 0 && rows.every((r) => checked.includes(r.id));

  async function answerWith(kind: 'approve' | 'reject') {
    if (!checked.length) return setError(M.selectTransferOuts);
    setError(null);
    setBusy(kind);
    try {
      const r = await api<TransferOutAnswer>(`/mypage/transferout/${kind}`, { body: { ids: checked }, timeoutMs: 600_000 });
      setAnswer(r);
      if (!r.result) setError(r.errorMessage ?? M.unexpectedError);
    } catch (e) {
      setError(((e as ApiError).body as { errorMessage?: string } | null)?.errorMessage ?? M.unexpectedError);
    } finally {
      setBusy(null);
      setChecked([]);
      await qc.invalidateQueries({ queryKey: ['transfer', 'outs'] });
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">他社への移管の承認</Title>
      <Text size="sm" c="dimmed">他社から移管の申請があったドメインです。承認しない場合、申請から5日後にレジストリにより自動的に承認されます。心当たりのない申請は拒否してください。</Text>
      {answer ? (
        <Alert color={answer.result ? 'green' : 'red'} role="status">
          {answer.domainResults.filter((r) => r.name).map((r) => <Text key={r.id} size="sm" style={{ overflowWrap: 'anywhere' }}>{r.name}: {r.message}</Text>)}
        </Alert>
      ) : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        {q.isPending ? <Group justify="center" p="lg"><Loader role="status" aria-label="読み込み中" /></Group> : q.isError ? <Alert color="red">{M.errorOccurred}</Alert> : rows.length === 0 ? (
          <Text ta="center" p="lg">承認待ちの移管申請はありません。</Text>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table data-testid="transfer-outs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}><Checkbox aria-label="すべて選択" checked={all} onChange={() => setChecked(all ? [] : rows.map((r) => r.id))} /></Table.Th>
                  <Table.Th>ドメイン名</Table.Th>
                  <Table.Th>申請日</Table.Th>
                  <Table.Th>自動承認日</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td><Checkbox aria-label={`${r.domain_name}を選択`} checked={checked.includes(r.id)} onChange={() => setChecked((c) => (c.includes(r.id) ? c.filter((x) => x !== r.id) : [...c, r.id]))} /></Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.domain_name}</Table.Td>
                    <Table.Td>{formatDateJst(r.requested_at)}</Table.Td>
                    <Table.Td>{formatDateJst(r.auto_approve_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => void answerWith('reject')} loading={busy === 'reject'} disabled={rows.length === 0 || !!busy}>チェックした移管を拒否する</Button>
        <Button onClick={() => void answerWith('approve')} loading={busy === 'approve'} disabled={rows.length === 0 || !!busy}>チェックした移管を承認する</Button>
      </Group>
    </Stack>
  );
}
