import { Anchor, Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { WM } from '@registrar/messages';
import { linkifyText } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { HtmlSource, SandboxedHtml } from './safe-html';
import { markSuccess, statusColor, statusLabel, TYPE_OPTIONS, updateErrorMessages, updateType, whoisMailQueries } from './whois-mail.api';
import { Loading, MessageBox, WhoisMailFrame } from './whois-mail-frame';

const route = getRouteApi('/admin/whois/emails/$id');

/** Mail text with its links made clickable; everything else stays text (never HTML). */
function LinkedText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="whois-mail-content">
      {linkifyText(text).map((p, i) => (p.kind === 'link'
        ? <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow">{p.text}</Anchor>
        : <span key={i}>{p.text}</span>))}
    </Text>
  );
}

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** /admin/whois/emails/{id}: subject, auto-linked content, info table with type change, status, times; actions. */
export function DetailPage() {
  const { id: idParam } = route.useParams();
  const id = Number(idParam);
  const qc = useQueryClient();
  const mail = useQuery({ ...whoisMailQueries.detail(id), enabled: Number.isInteger(id) && id > 0, refetchInterval: (q) => (q.state.data?.is_processing === 1 ? 3000 : false) });
  const [type, setType] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: string[]; error: string[] }>({ ok: [], error: [] });
  const [failedOpen, setFailedOpen] = useState(false);
  const [failedView, setFailedView] = useState<'rendered' | 'raw'>('rendered');

  const after = {
    onSuccess: (r: { message?: string[] }) => {
      setResult({ ok: r.message ?? [], error: [] });
      void qc.invalidateQueries({ queryKey: whoisMailQueries.all() });
    },
    onError: (e: unknown) => setResult({ ok: [], error: updateErrorMessages(e) }),
  };
  const changeType = useMutation({ mutationFn: (t: number) => updateType(id, t), ...after });
  const toSuccess = useMutation({ mutationFn: (t: number) => markSuccess(id, t), ...after });

  if (!Number.isInteger(id) || id <= 0 || (mail.isError && mail.error instanceof ApiError && mail.error.status === 404)) {
    return <WhoisMailFrame title={WM.heading}><MessageBox color="red" messages={[WM.notFound]} /></WhoisMailFrame>;
  }
  if (mail.isPending) return <WhoisMailFrame title={WM.heading}><Loading /></WhoisMailFrame>;
  if (mail.isError) return <WhoisMailFrame title={WM.heading}><MessageBox color="red" messages={updateErrorMessages(mail.error)} /></WhoisMailFrame>;

  const e = mail.data;
  const selected = type ?? String(e.type);
  const busy = changeType.isPending || toSuccess.isPending;
  const stopped = e.is_processing === 0;

  return (
    <WhoisMailFrame title={WM.heading}>
      <MessageBox color="green" messages={result.ok} />
      <MessageBox color="red" messages={result.error} />
      <Stack gap="xs">
        <Text size="xs" c="gray.7">件名</Text>
        <Title order={2} fz={{ base: 16, sm: 18 }} style={{ wordBreak: 'break-word' }} data-testid="whois-mail-subject">{e.subject || '（件名なし）'}</Title>
      </Stack>

      <Table withTableBorder withColumnBorders fz="sm" data-testid="whois-mail-info" layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={{ base: 96, sm: 160 }}>タイプ</Table.Th>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <Select aria-label="タイプ" data={TYPE_OPTIONS} value={selected} onChange={setType} allowDeselect={false} w={{ base: '100%', xs: 280 }} disabled={!stopped || busy} />
                <Button size="sm" onClick={() => changeType.mutate(Number(selected))} disabled={!stopped || busy || Number(selected) === e.type} loading={changeType.isPending}>変更</Button>
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>ステータス</Table.Th>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <Badge color={statusColor(e)} variant="filled" data-testid="whois-mail-status">{statusLabel(e)}</Badge>
                {e.status === 2 && stopped ? <Button size="xs" variant="filled" color="#b71c1c" onClick={() => { setFailedView('rendered'); setFailedOpen(true); }}>失敗内容</Button> : null}
                {e.status !== 1 && stopped ? <Button size="xs" variant="filled" color="#1b5e20" onClick={() => toSuccess.mutate(e.type)} loading={toSuccess.isPending} disabled={busy}>成功に変更</Button> : null}
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr><Table.Th>受信日時</Table.Th><Table.Td>{e.created_at}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>更新日時</Table.Th><Table.Td>{e.updated_at}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>差出人</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{e.sender}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>宛先</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{e.recipient}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>ドメイン</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{e.domain_name ?? '-'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>サイズ</Table.Th><Table.Td>{kb(e.size)}{e.malformed ? '（MIME形式が不正なため本文は受信したままの内容です）' : ''}</Table.Td></Table.Tr>
          {e.attachments.length ? (
            <Table.Tr>
              <Table.Th>添付ファイル</Table.Th>
              <Table.Td data-testid="whois-mail-attachments">
                {e.attachments.map((a, i) => <Text key={i} size="sm" style={{ wordBreak: 'break-all' }}>{a.filename ?? '（名前なし）'}（{a.content_type}, {kb(a.size)}）</Text>)}
                <Text size="xs" c="gray.7">添付ファイルは開かずに保管しています。</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="text">本文</Tabs.Tab>
          {e.html ? <Tabs.Tab value="html">HTML表示</Tabs.Tab> : null}
          {e.html ? <Tabs.Tab value="source">HTMLソース</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="text" pt="sm"><LinkedText text={e.content} /></Tabs.Panel>
        {e.html ? <Tabs.Panel value="html" pt="sm"><SandboxedHtml html={e.html} title="メールのHTML（スクリプトは実行されません）" /></Tabs.Panel> : null}
        {e.html ? <Tabs.Panel value="source" pt="sm"><HtmlSource html={e.html} testId="whois-mail-html-source" /></Tabs.Panel> : null}
      </Tabs>

      <Modal opened={failedOpen} onClose={() => setFailedOpen(false)} title="失敗内容" size="xl" closeButtonProps={{ 'aria-label': '閉じる' }}>
        <Stack gap="sm">
          <SegmentedControl value={failedView} onChange={(v) => setFailedView(v as 'rendered' | 'raw')} data={[{ value: 'rendered', label: 'HTML表示' }, { value: 'raw', label: 'ソース表示' }]} />
          {failedView === 'rendered'
            ? <SandboxedHtml html={e.error_html ?? ''} title="失敗内容（スクリプトは実行されません）" />
            : <HtmlSource html={e.error_html ?? ''} testId="failed-raw" />}
          <Group justify="flex-end"><Button variant="default" onClick={() => setFailedOpen(false)}>閉じる</Button></Group>
        </Stack>
      </Modal>
    </WhoisMailFrame>
  );
}
