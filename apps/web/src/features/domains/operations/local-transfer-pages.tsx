import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { IncomingMove, MoveAnswer, OutgoingMove } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst, MOVE_REQUEST_DAYS } from '@registrar/rules';
import { api, ApiError } from '../../../lib/api';

const incomingQuery = { queryKey: ['moves', 'incoming'], queryFn: () => api<{ domains: IncomingMove[] }>('/mypage/localTransferIn'), retry: false } as const;
const outgoingQuery = { queryKey: ['moves', 'outgoing'], queryFn: () => api<{ domains: OutgoingMove[] }>('/mypage/localTransferOut'), retry: false } as const;

function useTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | ラッコドメイン`;
    return () => { document.title = before; };
  }, [title]);
}

function useChecks(ids: number[]) {
  const [checked, setChecked] = useState<number[]>([]);
  const all = ids.length > 0 && ids.every((id) => checked.includes(id));
  return {
    checked,
    all,
    toggle: (id: number) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id])),
    toggleAll: () => setChecked(all ? [] : ids),
    clear: () => setChecked([]),
  };
}

function Results({ answer }: { answer: MoveAnswer }) {
  return (
    <Alert color={answer.result ? 'green' : 'red'} role="status">
      {answer.errorMessage ? <Text size="sm">{answer.errorMessage}</Text> : null}
      {answer.domainResults.filter((r) => r.name).map((r) => <Text key={r.id} size="sm" style={{ overflowWrap: 'anywhere' }}>{r.name}: {r.message}</Text>)}
    </Alert>
  );
}

/** /mypage/localTransferIn: accept domains moved in from other accounts (001 §2). */
export function LocalTransferInPage() {
  useTitle('ドメインの受け取り');
  const qc = useQueryClient();
  const q = useQuery(incomingQuery);
  const rows = q.data?.domains ?? [];
  const checks = useChecks(rows.map((r) => r.id));
  const [state, setState] = useState<'idle' | 'loading' | 'complete'>('idle');
  const [answer, setAnswer] = useState<MoveAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    if (!checks.checked.length) return setError(M.selectDomainsToReceive);
    setError(null);
    setState('loading');
    try {
      const r = await api<MoveAnswer>('/mypage/localTransferIn/accept', { body: { domains: checks.checked }, timeoutMs: 3_600_000 });
      setAnswer(r);
      if (!r.result) setError(r.errorMessage ?? M.unexpectedError);
    } catch (e) {
      setError(((e as ApiError).body as { errorMessage?: string } | null)?.errorMessage ?? M.unexpectedError);
    } finally {
      setState('complete');
      checks.clear();
      await qc.invalidateQueries({ queryKey: ['moves'] });
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメインの受け取り</Title>
      <Text size="sm" c="dimmed">承認されないまま{MOVE_REQUEST_DAYS}日を過ぎた移動申請は自動的に取り消されます。</Text>
      {answer && state === 'complete' ? <Results answer={answer} /> : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        {q.isPending ? <Group justify="center" p="lg"><Loader role="status" aria-label="読み込み中" /></Group> : q.isError ? <Alert color="red">{M.errorOccurred}</Alert> : rows.length === 0 ? (
          <Text ta="center" p="lg">{M.noIncomingTransfers}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table data-testid="incoming-moves">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}><Checkbox aria-label="すべて選択" checked={checks.all} onChange={checks.toggleAll} /></Table.Th>
                  <Table.Th>申請日</Table.Th>
                  <Table.Th>移動元ラッコID</Table.Th>
                  <Table.Th>ドメイン名</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td><Checkbox aria-label={`${r.name}を選択`} checked={checks.checked.includes(r.id)} onChange={() => checks.toggle(r.id)} /></Table.Td>
                    <Table.Td>{formatDateJst(r.request_date)}</Table.Td>
                    <Table.Td>{r.user_id}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.name}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button onClick={accept} loading={state === 'loading'} disabled={rows.length === 0}>{M.receiveChecked}</Button>
      </Group>
    </Stack>
  );
}

/** /mypage/localTransferOut: the member's move requests by e-mail still waiting, cancellable (001 §2). */
export function LocalTransferOutPage() {
  useTitle('移動申請の取消');
  const qc = useQueryClient();
  const q = useQuery(outgoingQuery);
  const rows = q.data?.domains ?? [];
  const checks = useChecks(rows.map((r) => r.id));
  const [answer, setAnswer] = useState<MoveAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    if (!checks.checked.length) return setError(M.selectMoveRequests);
    setError(null);
    setBusy(true);
    try {
      const r = await api<MoveAnswer>('/mypage/localTransferOut/cancel', { body: { domains: checks.checked } });
      setAnswer(r);
      if (!r.result) setError(r.errorMessage ?? M.unexpectedError);
    } catch (e) {
      setError(((e as ApiError).body as { errorMessage?: string } | null)?.errorMessage ?? M.unexpectedError);
    } finally {
      setBusy(false);
      checks.clear();
      await qc.invalidateQueries({ queryKey: ['moves'] });
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">移動申請の取消</Title>
      {answer ? <Results answer={answer} /> : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        {q.isPending ? <Group justify="center" p="lg"><Loader role="status" aria-label="読み込み中" /></Group> : q.isError ? <Alert color="red">{M.errorOccurred}</Alert> : rows.length === 0 ? (
          <Text ta="center" p="lg">承認待ちの移動申請はありません。</Text>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table data-testid="outgoing-moves">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}><Checkbox aria-label="すべて選択" checked={checks.all} onChange={checks.toggleAll} /></Table.Th>
                  <Table.Th>申請日</Table.Th>
                  <Table.Th>移動先メールアドレス</Table.Th>
                  <Table.Th>ドメイン名</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td><Checkbox aria-label={`${r.name}を選択`} checked={checks.checked.includes(r.id)} onChange={() => checks.toggle(r.id)} /></Table.Td>
                    <Table.Td>{formatDateJst(r.request_date)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.request_email}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.name}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button color="red" onClick={cancel} loading={busy} disabled={rows.length === 0}>チェックした移動申請を取り消す</Button>
      </Group>
    </Stack>
  );
}
