/**
 * 転送設定 (issue 29, docs/forwarding.md): URL forwarding (a host of the domain answers with a 301/302 to a URL) and
 * mail forwarding (addresses of the domain, or all of them, to the member's own mailbox) of one domain, opened from
 * the domain list's row menu. The records they need (the forwarder's A record, our MX) are written by the server.
 */
import { Alert, Anchor, Badge, Box, Button, Group, Modal, Paper, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ForwardCertificateDto, ForwardingListResult, ForwardingSaveResult, MailForwardDto, UrlForwardDto } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { checkTargetUrl, CATCH_ALL, formatDateJst, forwardHostError, localPartError, mailTargetError, normaliseForwardHost, normaliseLocalPart } from '@registrar/rules';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { snackbar } from '../../lib/snackbar';
import { ForwardDialog } from './forward-dialog';
import { forwardingQueries, removeForward, saveMailForward, saveUrlForward } from './forwarding.api';

type UrlForm = { forwardId?: number; host: string; target: string; status: '301' | '302'; keepPath: boolean };
type MailForm = { forwardId?: number; local: string; target: string };

export function ForwardingPage({ id }: { id: number }) {
  const q = useQuery({ ...forwardingQueries.list(id), enabled: id > 0 });
  const qc = useQueryClient();
  usePageTitle(q.data ? `転送設定 - ${q.data.domain.name}` : '転送設定');
  const [urlForm, setUrlForm] = useState<UrlForm | null>(null);
  const [mailForm, setMailForm] = useState<MailForm | null>(null);
  const [removing, setRemoving] = useState<{ kind: 'url' | 'mail'; forwardId: number; label: string } | null>(null);

  const back = <Anchor component={Link} to="/mypage/domain" size="sm">← ドメイン管理へ戻る</Anchor>;
  const head = <Title order={1} size="h3">転送設定</Title>;
  if (id <= 0 || (q.error instanceof ApiError && q.error.status === 404)) return <Stack gap="md">{back}{head}<EmptyBlock title={M.noDomainInfo} /></Stack>;
  if (q.isPending) return <Stack gap="md">{back}{head}<TableSkeleton rows={4} /></Stack>;
  if (q.isError || !q.data) return <Stack gap="md">{back}{head}<ErrorBlock onRetry={() => void q.refetch()} /></Stack>;
  const d = q.data;
  const applied = (r: ForwardingSaveResult, message: string) => {
    if (r.list) qc.setQueryData(forwardingQueries.list(id).queryKey, r.list);
    snackbar(message, { color: 'teal' });
  };

  return (
    <Stack gap="md">
      {back}
      <Box>
        {head}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{d.domain.name}</Text>
      </Box>
      {!d.isOurDns ? <Alert color="yellow" title="転送設定を利用できません">{M.fwdNotOurDns}</Alert> : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="url-forwarding">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Title order={2} size="h5" id="url-forwarding">URL転送</Title>
          <Button size="xs" disabled={!d.isOurDns || d.url.length >= d.limits.url} onClick={() => setUrlForm({ host: '', target: '', status: '301', keepPath: true })}>URL転送を追加</Button>
        </Group>
        <Text size="xs" c="dimmed" mb="sm">
          ホスト名へのアクセスを指定したURLへ転送します。ホスト名のAレコード（{d.forwarderIpv4}）は自動で設定されます。{d.autoCertificates ? 'HTTPSの証明書は自動で発行され、期限の30日前に更新されます。' : 'HTTPSでのアクセスは、証明書のあるホスト名のみ転送されます。'}
        </Text>
        {d.url.length ? (
          <Stack gap="xs" data-testid="url-forwards">
            {d.url.map((u) => <UrlRow key={u.id} u={u} onEdit={() => setUrlForm({ forwardId: u.id, host: u.host, target: u.target, status: String(u.status) as '301' | '302', keepPath: u.keep_path })}
              onRemove={() => setRemoving({ kind: 'url', forwardId: u.id, label: u.fqdn })} />)}
          </Stack>
        ) : <Text size="sm" c="dimmed">URL転送は設定されていません</Text>}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mail-forwarding">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Title order={2} size="h5" id="mail-forwarding">メール転送</Title>
          <Button size="xs" disabled={!d.isOurDns || d.mail.length >= d.limits.mail} onClick={() => setMailForm({ local: '', target: '' })}>メール転送を追加</Button>
        </Group>
        <Text size="xs" c="dimmed" mb="sm">
          ドメインのメールアドレスに届いたメールを、お使いのメールアドレスへ転送します。MXレコード（{d.mxHost}）は自動で設定されます。転送は1時間あたり{d.limits.mailPerHour}通まで、1通10MBまでです。
        </Text>
        {d.mail.length ? (
          <Stack gap="xs" data-testid="mail-forwards">
            {d.mail.map((m) => <MailRow key={m.id} m={m} domain={d.domain.punycode} onEdit={() => setMailForm({ forwardId: m.id, local: m.local_part, target: m.target })}
              onRemove={() => setRemoving({ kind: 'mail', forwardId: m.id, label: m.local_part === CATCH_ALL ? `すべてのアドレス（@${d.domain.punycode}）` : m.address })} />)}
          </Stack>
        ) : <Text size="sm" c="dimmed">メール転送は設定されていません</Text>}
      </Paper>

      {urlForm ? <UrlModal d={d} initial={urlForm} onClose={() => setUrlForm(null)} onSaved={(r) => { applied(r, M.fwdUrlSaved); setUrlForm(null); }} /> : null}
      {mailForm ? <MailModal d={d} initial={mailForm} onClose={() => setMailForm(null)} onSaved={(r) => { applied(r, M.fwdMailSaved); setMailForm(null); }} /> : null}
      {removing ? <RemoveModal id={id} target={removing} onClose={() => setRemoving(null)} onDone={(r) => { applied(r, M.fwdDeleted); setRemoving(null); }} /> : null}
    </Stack>
  );
}

function UrlRow({ u, onEdit, onRemove }: { u: UrlForwardDto; onEdit: () => void; onRemove: () => void }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="url-forward">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Box style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{u.fqdn}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>→ {u.target}</Text>
          <Group gap={6} mt={4}>
            <Badge size="sm" variant="light">{u.status === 301 ? '301 恒久的' : '302 一時的'}</Badge>
            <Badge size="sm" variant="outline" color="gray">{u.keep_path ? 'パスを引き継ぐ' : 'パスを引き継がない'}</Badge>
            {u.certificate ? <CertBadge c={u.certificate} /> : null}
          </Group>
          {u.certificate?.reason ? <Text size="xs" c="red.8" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="cert-reason">{u.certificate.reason}</Text> : null}
        </Box>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`${u.fqdn}のURL転送を編集`}>編集</Button>
          <Button size="xs" variant="light" color="red" onClick={onRemove} aria-label={`${u.fqdn}のURL転送を削除`}>削除</Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The HTTPS certificate's state: 発行中 / 有効（期限 YYYY/MM/DD） / 発行失敗 (the reason is shown under the row). */
function CertBadge({ c }: { c: ForwardCertificateDto }) {
  const [color, label] = c.state === 'valid' && c.not_after
    ? ['teal', fmt(M.fwdCertValid, { date: formatDateJst(c.not_after).replaceAll('-', '/') })]
    : c.state === 'failed' ? ['red', M.fwdCertFailed] : ['blue', M.fwdCertPending];
  return <Badge size="sm" variant="light" color={color} data-testid="cert-state">HTTPS {label}</Badge>;
}

function MailRow({ m, domain, onEdit, onRemove }: { m: MailForwardDto; domain: string; onEdit: () => void; onRemove: () => void }) {
  const from = m.local_part === CATCH_ALL ? `すべてのアドレス（*@${domain}）` : m.address;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="mail-forward">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Box style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{from}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>→ {m.target}</Text>
        </Box>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`${from}のメール転送を編集`}>編集</Button>
          <Button size="xs" variant="light" color="red" onClick={onRemove} aria-label={`${from}のメール転送を削除`}>削除</Button>
        </Group>
      </Group>
    </Paper>
  );
}

function UrlModal({ d, initial, onClose, onSaved }: { d: ForwardingListResult; initial: UrlForm; onClose: () => void; onSaved: (r: ForwardingSaveResult) => void }) {
  const [f, setF] = useState(initial);
  const hostError = f.host ? forwardHostError(normaliseForwardHost(f.host), d.domain.punycode) : '';
  return (
    <ForwardDialog title={f.forwardId ? 'URL転送を編集' : 'URL転送を追加'} onClose={onClose} onSaved={onSaved}
      check={() => [hostError, checkTargetUrl(f.target).error]}
      save={() => saveUrlForward({ id: d.domain.id, forwardId: f.forwardId, host: f.host, target: f.target.trim(), status: Number(f.status) as 301 | 302, keep_path: f.keepPath })}>
      <TextInput label="ホスト名" description={<span style={{ overflowWrap: 'anywhere' }}>転送元: {f.host.trim() ? `${f.host.trim().toLowerCase()}.` : ''}{d.domain.punycode}（空欄でドメイン名そのもの）</span>}
        placeholder="www" value={f.host} error={hostError || undefined}
        onChange={(e) => setF({ ...f, host: e.currentTarget.value })} />
      <TextInput label="転送先URL" required placeholder="https://example.com/" value={f.target} onChange={(e) => setF({ ...f, target: e.currentTarget.value })} />
      <Box>
        <Text size="sm" fw={500} mb={4} id="forward-status">転送方式</Text>
        <SegmentedControl fullWidth aria-labelledby="forward-status" value={f.status} onChange={(v) => setF({ ...f, status: v as '301' | '302' })}
          data={[{ value: '301', label: '301 恒久的' }, { value: '302', label: '302 一時的' }]} />
      </Box>
      <Switch label="パスとクエリを転送先に引き継ぐ" description="例: /item?id=1 へのアクセスを 転送先URL/item?id=1 へ転送します" checked={f.keepPath} onChange={(e) => setF({ ...f, keepPath: e.currentTarget.checked })} />
    </ForwardDialog>
  );
}

function MailModal({ d, initial, onClose, onSaved }: { d: ForwardingListResult; initial: MailForm; onClose: () => void; onSaved: (r: ForwardingSaveResult) => void }) {
  const [f, setF] = useState(initial);
  return (
    <ForwardDialog title={f.forwardId ? 'メール転送を編集' : 'メール転送を追加'} onClose={onClose} onSaved={onSaved}
      check={() => [localPartError(normaliseLocalPart(f.local)), mailTargetError(f.target)]}
      save={() => saveMailForward({ id: d.domain.id, forwardId: f.forwardId, local_part: f.local, target: f.target.trim() })}>
      <TextInput label="転送元のアドレス" description={<span style={{ overflowWrap: 'anywhere' }}>転送元: {f.local.trim() || 'info'}@{d.domain.punycode}（* ですべてのアドレス）</span>}
        placeholder="info" value={f.local} required
        onChange={(e) => setF({ ...f, local: e.currentTarget.value })} />
      <TextInput label="転送先のメールアドレス" type="email" required placeholder="you@example.com" value={f.target} onChange={(e) => setF({ ...f, target: e.currentTarget.value })} />
    </ForwardDialog>
  );
}

function RemoveModal({ id, target, onClose, onDone }: { id: number; target: { kind: 'url' | 'mail'; forwardId: number; label: string }; onClose: () => void; onDone: (r: ForwardingSaveResult) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const go = async () => {
    setBusy(true);
    try {
      const r = await removeForward({ id, kind: target.kind, forwardId: target.forwardId });
      if (r.result) onDone(r);
      else setError(r.errors[0] ?? M.errorOccurred);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : M.errorOccurred);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={target.kind === 'url' ? 'URL転送の削除' : 'メール転送の削除'} centered>
      <Stack gap="sm">
        {error ? <Alert color="red">{error}</Alert> : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {target.label}の{target.kind === 'url' ? 'URL転送を削除します。自動で設定したAレコードも削除されます。' : 'メール転送を削除します。最後のメール転送を削除するとMXレコードも削除されます。'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>キャンセル</Button>
          <Button color="red" onClick={() => void go()} loading={busy}>削除する</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
