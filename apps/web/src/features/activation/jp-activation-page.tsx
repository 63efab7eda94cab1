import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JpActivateResult, JpActivationDomainDto, JpActivationListResult, PrereqRequest, PrereqResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { snackbar } from '../../lib/snackbar';
import { JpWhoisModal } from '../whois/jp-whois-modal';

export const JP_ACTIVATION_TITLE = '仮登録ドメインの本登録';
const listQuery = { queryKey: ['jp-activation', 'list'] as const, queryFn: ({ signal }: { signal: AbortSignal }) => api<JpActivationListResult>('/mypage/JpDomainActivate/list', { signal }) };

/**
 * mypage/JpDomainActivate (000 spec §2 "Provisional-domain activation"): the member's provisional .co.jp with their
 * deadline and a button to apply for the full registration. The modal is the .co.jp WHOIS form (organisation and
 * registrant) in activation mode; success closes it and reloads the list.
 */
export function JpActivationPage() {
  usePageTitle(JP_ACTIVATION_TITLE);
  const qc = useQueryClient();
  const list = useQuery(listQuery);
  const [active, setActive] = useState<JpActivationDomainDto | null>(null);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const submit = (d: JpActivationDomainDto) => async (body: PrereqRequest): Promise<PrereqResult> => {
    try {
      const r = await api<JpActivateResult>('/mypage/JpDomainActivate/activate', { body: { domainName: d.name, contact: { org: body.contact.org, reg: body.contact.reg } }, timeoutMs: 180_000 });
      return { result: r.result, errorMsg: r.result ? [] : r.message, errors: r.errors };
    } catch (e) {
      const b = e instanceof ApiError ? (e.body as { message?: unknown } | null) : null;
      return { result: false, errorMsg: Array.isArray(b?.message) ? (b!.message as string[]) : [M.errorOccurred], errors: {} };
    }
  };

  return (
    <Stack gap="md" data-testid="jp-activation-page">
      <Title order={1} size="h3">{JP_ACTIVATION_TITLE}</Title>
      <Text size="sm">登記前に仮登録した.co.jpドメインは、仮登録から6か月以内に本登録の申請が必要です。期限を過ぎるとドメインは削除されます。</Text>
      {list.isPending ? (
        <Group justify="center" py="lg"><Loader size="sm" /><Text size="sm">読み込み中…</Text></Group>
      ) : list.isError ? (
        <Alert color="red" role="alert">{M.errorOccurred}<Button variant="subtle" size="xs" onClick={() => void list.refetch()}>再読み込み</Button></Alert>
      ) : list.data.domains.length === 0 ? (
        <Paper withBorder p="lg" radius="md"><Text c="dimmed" data-testid="jp-activation-empty">仮登録中のドメインはありません。</Text></Paper>
      ) : phone ? (
        <Stack gap="xs" data-testid="jp-activation-list">
          {list.data.domains.map((d) => (
            <Paper key={d.id} withBorder p="sm" radius="md" data-testid="jp-activation-row" data-domain={d.name}>
              <Text fw={600} style={{ wordBreak: 'break-all' }}>{d.name}</Text>
              <Text size="sm" c="dimmed">本登録期限 {d.deadline ?? '-'}</Text>
              <Button mt="xs" size="xs" fullWidth onClick={() => setActive(d)} data-testid="jp-activate-open">本登録を申請する</Button>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table withTableBorder striped data-testid="jp-activation-list">
          <Table.Thead><Table.Tr><Table.Th>ドメイン</Table.Th><Table.Th w={160}>本登録期限</Table.Th><Table.Th w={200} /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {list.data.domains.map((d) => (
              <Table.Tr key={d.id} data-testid="jp-activation-row" data-domain={d.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{d.name}</Table.Td>
                <Table.Td>{d.deadline ?? '-'}</Table.Td>
                <Table.Td ta="right"><Button size="xs" onClick={() => setActive(d)} data-testid="jp-activate-open">本登録を申請する</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {active ? (
        <JpWhoisModal
          key={active.id}
          domainName={active.name}
          onClose={() => setActive(null)}
          onRegistered={() => {
            snackbar(M.activateDone);
            setActive(null);
            void qc.invalidateQueries({ queryKey: ['jp-activation'] });
            void qc.invalidateQueries({ queryKey: ['domains'] });
          }}
          change={{ mode: 'activate', initial: { org: active.org_contact ? { ...active.org_contact, registration_date: undefined } : null, reg: active.reg_contact }, submit: submit(active) }}
        />
      ) : null}
    </Stack>
  );
}
