import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { IncomingMove, MoveAnswer, OutgoingMove } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst, MOVE_REQUEST_DAYS } from '@registrar/rules';
import { api } from '../../../lib/api';
import { CheckedResults, CheckedTable, useCheckedAction, useChecks } from '../../../lib/checked-requests';
import { usePageTitle } from '../../../lib/page-title';

const incomingQuery = { queryKey: ['moves', 'incoming'], queryFn: () => api<{ domains: IncomingMove[] }>('/mypage/localTransferIn'), retry: false } as const;
const outgoingQuery = { queryKey: ['moves', 'outgoing'], queryFn: () => api<{ domains: OutgoingMove[] }>('/mypage/localTransferOut'), retry: false } as const;

/** /mypage/localTransferIn: accept domains moved in from other accounts (001 §2). */
export function LocalTransferInPage() {
  usePageTitle('ドメインの受け取り');
  const q = useQuery(incomingQuery);
  const rows = q.data?.domains ?? [];
  const checks = useChecks(rows.map((r) => r.id));
  const action = useCheckedAction<'accept'>(checks, ['moves']);
  // 001 §4 "Transfer-in acceptance: loading then complete; closing reloads the page" (issue 26); nothing checked stays inline
  const [modal, setModal] = useState(false);
  const accept = () => {
    if (checks.checked.length) setModal(true);
    return action.run('accept', M.selectDomainsToReceive, (ids) => api<MoveAnswer>('/mypage/localTransferIn/accept', { body: { domains: ids }, timeoutMs: 3_600_000 }));
  };
  const busy = action.busy === 'accept';

  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメインの受け取り</Title>
      <Text size="sm" c="dimmed">承認されないまま{MOVE_REQUEST_DAYS}日を過ぎた移動申請は自動的に取り消されます。</Text>
      {modal ? null : <CheckedResults answer={action.answer} error={action.error} />}
      <Modal opened={modal} onClose={() => { if (!busy) window.location.reload(); }} title="ドメインの受け取り" withCloseButton={!busy} closeOnClickOutside={!busy} closeOnEscape={!busy}
        closeButtonProps={{ 'aria-label': '閉じる' }} data-testid="accept-modal">
        {busy ? (
          <Group gap="sm" py="md" data-testid="accept-loading"><Loader size="sm" aria-label="処理中" /><Text size="sm">受け取り処理中です…</Text></Group>
        ) : (
          <Stack gap="md" data-testid="accept-complete">
            <CheckedResults answer={action.answer} error={action.error} />
            <Group justify="flex-end"><Button onClick={() => window.location.reload()}>閉じる</Button></Group>
          </Stack>
        )}
      </Modal>
      <CheckedTable query={q} rows={rows} checks={checks} nameOf={(r) => r.name} empty={M.noIncomingTransfers} testId="incoming-moves" columns={[
        { title: '申請日', cell: (r) => formatDateJst(r.request_date), nowrap: true },
        { title: '移動元ラッコID', cell: (r) => r.user_id },
        { title: 'ドメイン名', cell: (r) => r.name, wrap: true },
      ]} />
      <Group justify="flex-end">
        <Button onClick={() => void accept()} loading={action.busy === 'accept'} disabled={rows.length === 0}>{M.receiveChecked}</Button>
      </Group>
    </Stack>
  );
}

/** /mypage/localTransferOut: the member's move requests by e-mail still waiting, cancellable (001 §2). */
export function LocalTransferOutPage() {
  usePageTitle('移動申請の取消');
  const q = useQuery(outgoingQuery);
  const rows = q.data?.domains ?? [];
  const checks = useChecks(rows.map((r) => r.id));
  const action = useCheckedAction<'cancel'>(checks, ['moves']);
  const cancel = () => action.run('cancel', M.selectMoveRequests, (ids) => api<MoveAnswer>('/mypage/localTransferOut/cancel', { body: { domains: ids } }));

  return (
    <Stack gap="md">
      <Title order={1} size="h3">移動申請の取消</Title>
      <CheckedResults answer={action.answer} error={action.error} />
      <CheckedTable query={q} rows={rows} checks={checks} nameOf={(r) => r.name} empty="承認待ちの移動申請はありません。" testId="outgoing-moves" columns={[
        { title: '申請日', cell: (r) => formatDateJst(r.request_date), nowrap: true },
        { title: '移動先メールアドレス', cell: (r) => r.request_email, wrap: true },
        { title: 'ドメイン名', cell: (r) => r.name, wrap: true },
      ]} />
      <Group justify="flex-end">
        <Button color="red" onClick={() => void cancel()} loading={action.busy === 'cancel'} disabled={rows.length === 0}>チェックした移動申請を取り消す</Button>
      </Group>
    </Stack>
  );
}
