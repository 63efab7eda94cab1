import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TransferOutAnswer } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst } from '@registrar/rules';
import { api } from '../../lib/api';
import { CheckedResults, CheckedTable, useCheckedAction, useChecks } from '../../lib/checked-requests';
import { usePageTitle } from '../../lib/page-title';
import { transferQueries } from './transfer.api';

/**
 * /mypage/transferout: other registrars' requests for the member's domains (read from the registry's poll messages).
 * The member approves (the domain leaves) or rejects; unanswered, the registry approves by itself after 5 days.
 */
export function TransferOutPage() {
  usePageTitle('他社への移管の承認');
  const q = useQuery(transferQueries.outs());
  const rows = q.data ?? [];
  const checks = useChecks(rows.map((r) => r.id));
  const action = useCheckedAction<'approve' | 'reject'>(checks, ['transfer', 'outs']);
  const answerWith = (kind: 'approve' | 'reject') => action.run(kind, M.selectTransferOuts, (ids) => api<TransferOutAnswer>(`/mypage/transferout/${kind}`, { body: { ids }, timeoutMs: 600_000 }));

  return (
    <Stack gap="md">
      <Title order={1} size="h3">他社への移管の承認</Title>
      <Text size="sm" c="dimmed">他社から移管の申請があったドメインです。承認しない場合、申請から5日後にレジストリにより自動的に承認されます。心当たりのない申請は拒否してください。</Text>
      <CheckedResults answer={action.answer} error={action.error} />
      <CheckedTable query={q} rows={rows} checks={checks} nameOf={(r) => r.domain_name} empty="承認待ちの移管申請はありません。" testId="transfer-outs" columns={[
        { title: 'ドメイン名', cell: (r) => r.domain_name, wrap: true },
        { title: '申請日', cell: (r) => formatDateJst(r.requested_at), nowrap: true },
        { title: '自動承認日', cell: (r) => formatDateJst(r.auto_approve_at), nowrap: true },
      ]} />
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => void answerWith('reject')} loading={action.busy === 'reject'} disabled={rows.length === 0 || !!action.busy}>チェックした移管を拒否する</Button>
        <Button onClick={() => void answerWith('approve')} loading={action.busy === 'approve'} disabled={rows.length === 0 || !!action.busy}>チェックした移管を承認する</Button>
      </Group>
    </Stack>
  );
}
