import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TransferInStatus } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst, parseTransferLines, transferEntryError } from '@registrar/rules';
import { postForm } from '../domains/form-post';
import { DefaultSettingsModal } from '../whois-settings/default-settings-modal';
import { WhoisManageModal } from '../whois-settings/whois-manage-modal';
import { usePageTitle } from '../../lib/page-title';
import { transferQueries } from './transfer.api';

const STATUS: Record<TransferInStatus, { label: string; color: string }> = {
  requesting: { label: '申請中', color: 'blue' },
  pending: { label: '移管元の承認待ち', color: 'blue' },
  done: { label: '完了', color: 'green' },
  rejected: { label: '拒否', color: 'red' },
  cancelled: { label: '取消', color: 'gray' },
  error: { label: 'エラー', color: 'red' },
};

/**
 * /mypage/transferin (000 §2 "Transfer-in screens", §5): one domain per line with an optional AUTHCODE, the checklist,
 * the transferable TLDs from the server; the form posts domainNames to mypage/transferin/check (an ordinary form post).
 * A refused form comes back here with errorMessage and domainNames. Below, the member's transfers and their state.
 */
export function TransferEntryPage({ errorMessage, domainNames }: { errorMessage?: string; domainNames?: string }) {
  usePageTitle('ドメイン移管');
  const tlds = useQuery(transferQueries.tlds());
  const ins = useQuery(transferQueries.ins());
  const [text, setText] = useState(domainNames ?? '');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [modal, setModal] = useState<'whois' | 'default' | null>(null);
  const lines = useMemo(() => parseTransferLines(text), [text]);
  const localError = touched && text.trim() && tlds.data ? transferEntryError(lines, tlds.data) : null;
  const shownError = localError ?? (!touched ? errorMessage ?? null : null);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!text.trim() || !tlds.data) return;
    if (transferEntryError(lines, tlds.data)) return;
    setSubmitting(true);
    postForm('/mypage/transferin/check', { domainNames: text.trim() });
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメイン移管（他社から）</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text size="sm" fw={700}>移管の前にご確認ください</Text>
          <Box component="ul" m={0} pl="lg" data-testid="transfer-checklist">
            {[
              '現在の管理事業者からAUTHCODE（認証コード）を取得している',
              'WHOIS代理公開（WHOISプライバシー）が解除されている',
              'ドメインロックが解除され、ステータスがokになっている',
              '有効期限まで15日以上ある（.JPは31日以上）',
              '登録または前回の移管から60日以上経過している（.JPを除く）',
            ].map((t) => <Text component="li" key={t} size="sm" mb={4}>{t}</Text>)}
          </Box>
          <Text size="xs" c="dimmed">
            WHOIS代理公開ができないドメインは、事前に<Anchor component="button" type="button" size="xs" onClick={() => setModal('default')}>ドメイン初期設定</Anchor>でWHOIS情報を設定してください。
            .JPドメイン（汎用・日本語）は条件を満たせば無料で移管できます。
          </Text>
        </Stack>
      </Paper>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="移管するドメイン名"
            description="1行に1ドメイン。AUTHCODEはドメイン名のあとにカンマ・タブ・スペースで区切って入力できます（例: example.com,AbCd1234）"
            placeholder={'example.com,AbCd1234\nexample.jp'}
            autosize minRows={6} maxRows={16} required
            value={text}
            onChange={(e) => { setText(e.currentTarget.value); setTouched(true); }}
            error={shownError && shownError !== M.transferNeedsWhois ? shownError : undefined}
            data-testid="transfer-domains"
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          {shownError === M.transferNeedsWhois ? (
            <Alert color="red" role="alert" data-testid="transfer-needs-whois">
              <Text size="sm">{M.transferNeedsWhois}</Text>
              <Anchor component="button" type="button" size="sm" onClick={() => setModal('whois')}>WHOIS情報を追加する</Anchor>
            </Alert>
          ) : null}
          <Text size="xs" c="dimmed" data-testid="transfer-tlds">
            移管できるTLD: {tlds.isPending ? '読み込み中…' : tlds.isError ? '取得できませんでした' : `${tlds.data.slice(0, 20).map((t) => `.${t}`).join(' ')}${tlds.data.length > 20 ? ` ほか${tlds.data.length - 20}種類` : ''}`}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} disabled={!text.trim() || submitting || !tlds.data} data-testid="transfer-check">移管可否と料金を確認する</Button>
          </Group>
        </Stack>
      </form>

      <Title order={2} size="h4">移管の状況</Title>
      <Paper withBorder radius="md" p="sm">
        {ins.isPending ? <Group justify="center" p="lg"><Loader role="status" aria-label="読み込み中" /></Group> : ins.isError ? <Alert color="red">{M.errorOccurred}</Alert> : ins.data.length === 0 ? (
          <Text ta="center" p="lg" size="sm">移管中・移管済みのドメインはありません。</Text>
        ) : (
          <Table.ScrollContainer minWidth={300} type="native">
            <Table data-testid="transfer-ins" layout="fixed">
              <Table.Thead><Table.Tr><Table.Th w="28%">申請日</Table.Th><Table.Th>ドメイン名</Table.Th><Table.Th w="30%">状態</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {ins.data.map((t) => (
                  <Table.Tr key={t.id} data-testid={`transfer-in-${t.domain_name}`}>
                    <Table.Td>{formatDateJst(t.requested_at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.domain_name}{t.error_msg && t.status !== 'done' ? <Text size="xs" c="red.8">{t.error_msg}</Text> : null}</Table.Td>
                    <Table.Td><Badge variant="light" color={STATUS[t.status].color} style={{ textTransform: 'none' }}>{STATUS[t.status].label}</Badge></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {modal === 'whois' ? <WhoisManageModal opened onClose={() => setModal(null)} /> : null}
      {modal === 'default' ? <DefaultSettingsModal opened onClose={() => setModal(null)} /> : null}
    </Stack>
  );
}
