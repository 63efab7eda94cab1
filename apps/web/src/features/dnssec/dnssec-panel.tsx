/**
 * The DNSSEC panel (docs/dns.md "DNSSEC"): for a domain on our name servers, one-click signing with the state
 * (署名中 / DS登録待ち / 有効), the key tag and algorithm, a rollover and disabling; for a domain on other name servers,
 * DS records entered by hand and checked with the shared rules before they go to the registry. Every change is a domain
 * operation (the list's job and status calls), so it is in the action history.
 */
import { ActionIcon, Alert, Badge, Button, Code, Group, Loader, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DnssecPaths, type DnssecDsDto, type DnssecStateDto, type OperationRow } from '@registrar/contracts';
import { DS, M } from '@registrar/messages';
import { DNSSEC_ALGORITHMS, DNSSEC_DIGEST_TYPES, DS_MAX, dnssecAlgorithmName, formatDateTimeJst, validateDsSet } from '@registrar/rules';
import { useOperationRun } from '../domains/operations/operation.api';
import { dnssecQueries } from './dnssec.api';

const STATUS_COLOR: Record<DnssecStateDto['status'], string> = {
  off: 'gray', signing: 'blue', ds_pending: 'yellow', active: 'teal', rolling: 'indigo', removing: 'orange', manual: 'teal',
};

type DsRow = { key: string; keyTag: string; alg: string | null; digestType: string | null; digest: string };
let seq = 0;
const emptyDs = (): DsRow => ({ key: `d${++seq}`, keyTag: '', alg: '13', digestType: '2', digest: '' });
const toRow = (d: DnssecDsDto): DsRow => ({ key: `d${++seq}`, keyTag: String(d.keyTag), alg: String(d.alg), digestType: String(d.digestType), digest: d.digest });

const DIGEST_LABEL: Record<number, string> = { 1: '1（SHA-1）', 2: '2（SHA-256）', 4: '4（SHA-384）' };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return <div><Text size="xs" c="dimmed">{label}</Text><Text size="sm" component="div">{children}</Text></div>;
}

/** DS records as cards (readable at 360 px as at 1280: the digest wraps on its own line). */
function DsList({ ds, testId }: { ds: DnssecDsDto[]; testId: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {ds.map((d) => (
        <Paper key={`${d.keyTag}-${d.digestType}-${d.digest}`} withBorder radius="md" p="sm" bg="gray.0">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            <Field label="鍵タグ">{d.keyTag}</Field>
            <Field label="アルゴリズム">{d.alg} {dnssecAlgorithmName(d.alg)}</Field>
            <Field label="ダイジェストタイプ">{DIGEST_LABEL[d.digestType] ?? d.digestType}</Field>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={6}>ダイジェスト</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{d.digest}</Code>
        </Paper>
      ))}
    </Stack>
  );
}

export function DnssecPanel({ domain, setBusy, onChanged, onClose }: {
  domain: { id: number; name: string };
  setBusy: (b: boolean) => void;
  onChanged: () => void;
  onClose: () => void;
}) {
  const q = useQuery(dnssecQueries.state(domain.id));
  const qc = useQueryClient();
  const op = useOperationRun();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; messages: string[] } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [rows, setRows] = useState<DsRow[] | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);

  async function start(path: string, body: Record<string, unknown>) {
    setRunning(true);
    setBusy(true);
    setResult(null);
    setConfirmOff(false);
    try {
      const { answer, rows: out } = await op.run(path, { domains: [domain.id], ...body });
      const refused = !answer.result;
      const failed = out.filter((r: OperationRow) => r.status === 'error');
      const messages = refused ? answer.errors : out.map((r) => r.message ?? '').filter(Boolean);
      setResult({ ok: !refused && !failed.length, messages: messages.length ? messages : [M.errorOccurred] });
      if (!refused) onChanged();
      if (!refused && !failed.length) setRows(null);
    } catch {
      setResult({ ok: false, messages: [M.errorOccurred] });
    } finally {
      setRunning(false);
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['dnssec', domain.id] });
    }
  }

  if (q.isPending) {
    return <Stack gap="sm" data-testid="dnssec-loading"><Skeleton h={28} w="40%" /><Skeleton h={80} /><Skeleton h={36} w="50%" /></Stack>;
  }
  if (q.isError || !q.data) {
    return (
      <Alert color="red" title={M.errorOccurred} data-testid="dnssec-load-error">
        <Group gap="sm"><Text size="sm">DNSSECの状態を読み込めませんでした。</Text><Button size="xs" variant="light" onClick={() => void q.refetch()}>再読み込み</Button></Group>
      </Alert>
    );
  }
  const s = q.data;
  const statusBadge = <Badge size="lg" variant="light" color={STATUS_COLOR[s.status]} data-testid="dnssec-status">{s.statusLabel}</Badge>;
  const progress = running ? (
    <Group gap="xs" data-testid="dnssec-running"><Loader size="xs" /><Text size="sm">処理中です（{op.progress ? `${op.progress.done}/${op.progress.total}` : '0/1'}）…</Text></Group>
  ) : null;
  const resultBlock = result ? (
    <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? '完了しました' : '処理できませんでした'} data-testid="dnssec-result">
      <Stack gap={2}>{result.messages.map((m, i) => <Text key={i} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{m}</Text>)}</Stack>
    </Alert>
  ) : null;
  const lastError = s.lastError && !result ? <Alert color="yellow" title="前回の処理でエラーがありました" data-testid="dnssec-last-error"><Text size="sm">{s.lastError}</Text></Alert> : null;
  const header = (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="wrap"><Text size="sm" fw={700}>状態</Text>{statusBadge}</Group>
      {s.updatedAt ? <Text size="xs" c="dimmed">更新: {formatDateTimeJst(s.updatedAt)}</Text> : null}
    </Group>
  );

  // ---- other name servers: DS by hand
  if (!s.isOurDns || s.mode === 'manual') {
    const editing = rows ?? (s.registryDs.length ? s.registryDs.map(toRow) : [emptyDs()]);
    const set = (key: string, patch: Partial<DsRow>) => setRows(editing.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    const submit = () => {
      const input = editing.map((r) => ({ keyTag: r.keyTag, alg: r.alg, digestType: r.digestType, digest: r.digest }));
      const v = validateDsSet(input);
      setFormErrors(v.errors);
      if (!v.errors.length) void start(DnssecPaths.manual, { ds: v.ds });
    };
    return (
      <Stack gap="md" data-testid="dnssec-panel">
        {header}
        <Alert color="blue" variant="light" title="他社DNSをご利用中です">
          <Text size="sm">DNSSECの署名はご利用中のDNSサービスで行います。そのサービスで表示されるDSレコード（鍵タグ・アルゴリズム・ダイジェストタイプ・ダイジェスト）を入力すると、レジストリに登録します。</Text>
        </Alert>
        {lastError}
        {s.registryDs.length ? <Stack gap={4}><Text size="sm" fw={700}>レジストリに登録されているDSレコード</Text><DsList ds={s.registryDs} testId="dnssec-registry-ds" /></Stack> : null}
        <Stack gap="sm">
          <Text size="sm" fw={700}>DSレコードの入力</Text>
          {editing.map((r, i) => (
            <Paper key={r.key} withBorder p="sm" radius="md" data-testid="dnssec-ds-row">
              <Group justify="space-between" mb={4}><Text size="xs" c="dimmed">{i + 1}件目</Text>
                <ActionIcon variant="subtle" color="gray" aria-label={`${i + 1}件目を削除`} disabled={running || editing.length === 1} onClick={() => setRows(editing.filter((x) => x.key !== r.key))}>×</ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <TextInput label="鍵タグ（Key Tag）" inputMode="numeric" placeholder="0〜65535" value={r.keyTag} onChange={(e) => set(r.key, { keyTag: e.currentTarget.value })} disabled={running} />
                <Select label="アルゴリズム" data={DNSSEC_ALGORITHMS.map((a) => ({ value: String(a.value), label: a.label }))} value={r.alg} onChange={(v) => set(r.key, { alg: v })} allowDeselect={false} disabled={running} comboboxProps={{ withinPortal: true }} />
                <Select label="ダイジェストタイプ" data={DNSSEC_DIGEST_TYPES.map((t) => ({ value: String(t.value), label: t.label }))} value={r.digestType} onChange={(v) => set(r.key, { digestType: v })} allowDeselect={false} disabled={running} comboboxProps={{ withinPortal: true }} />
              </SimpleGrid>
              <TextInput mt="xs" label="ダイジェスト（16進数）" placeholder="例: 1F987CC6583E92DF…" value={r.digest} onChange={(e) => set(r.key, { digest: e.currentTarget.value })} disabled={running} styles={{ input: { fontFamily: 'monospace' } }} />
            </Paper>
          ))}
          {formErrors.length ? (
            <Alert color="red" title="入力内容を確認してください" data-testid="dnssec-form-errors">
              <Stack gap={2}>{formErrors.map((m) => <Text key={m} size="sm">{m}</Text>)}</Stack>
            </Alert>
          ) : null}
          {progress}
          {resultBlock}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Button variant="light" onClick={() => setRows([...editing, emptyDs()])} disabled={running || editing.length >= DS_MAX}>＋ DSレコードを追加</Button>
            <Group gap="xs" wrap="wrap">
              {s.registryDs.length ? <Button variant="default" color="red" onClick={() => void start(DnssecPaths.manual, { ds: [] })} disabled={running} data-testid="dnssec-ds-clear">すべて削除</Button> : null}
              <Button variant="default" onClick={onClose} disabled={running}>閉じる</Button>
              <Button onClick={submit} loading={running} data-testid="dnssec-ds-save">レジストリに登録</Button>
            </Group>
          </Group>
        </Stack>
      </Stack>
    );
  }

  // ---- our name servers: one-click signing
  const managed = s.mode === 'managed';
  return (
    <Stack gap="md" data-testid="dnssec-panel">
      {header}
      {!s.served ? <Alert color="yellow" title="DNSゾーンが公開されていません"><Text size="sm">{DS.notServed}</Text></Alert> : null}
      {lastError}
      {!managed ? (
        <Stack gap="xs">
          <Text size="sm">当社DNSでゾーンに電子署名し、DSレコードをレジストリに自動で登録します。署名の鍵はECDSA P-256（アルゴリズム13）、存在しない名前の証明はNSEC3です。</Text>
          <Text size="sm" c="dimmed">有効にすると「署名中」→「DS登録待ち」→「有効」と進みます。通常は数秒で完了します。</Text>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" fw={700}>署名の鍵</Text>
          {s.keys.length ? (
            <Stack gap="xs" data-testid="dnssec-keys">
              {s.keys.map((k) => (
                <Paper key={k.dnskey} withBorder radius="md" p="sm">
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                    <Field label="鍵タグ">{k.keyTag}</Field>
                    <Field label="アルゴリズム">{k.alg} {k.algorithm}</Field>
                    <Field label="種類">{k.type === 'csk' ? 'CSK（KSK兼ZSK）' : k.type.toUpperCase()}</Field>
                    <Field label="状態">{k.active ? '署名に使用中' : '公開のみ'}</Field>
                  </SimpleGrid>
                </Paper>
              ))}
            </Stack>
          ) : <Text size="sm" c="dimmed">鍵はまだありません</Text>}
          <Text size="sm" fw={700} mt="xs">レジストリに登録されているDSレコード</Text>
          {s.registryDs.length ? <DsList ds={s.registryDs} testId="dnssec-registry-ds" /> : <Text size="sm" c="dimmed">{s.status === 'removing' ? 'レジストリから削除しました' : 'まだ登録されていません'}</Text>}
          {s.dueAt ? <Text size="xs" c="dimmed">{s.status === 'rolling' ? '古い鍵の削除予定' : '署名の停止予定'}: {formatDateTimeJst(s.dueAt)}</Text> : null}
        </Stack>
      )}
      {confirmOff ? (
        <Alert color="orange" title="DNSSECを無効にしますか？" data-testid="dnssec-confirm-off">
          <Text size="sm">レジストリのDSレコードを先に削除し、その後に署名を停止します。途中で名前解決が止まることはありません。</Text>
          <Group gap="xs" mt="xs"><Button size="xs" color="orange" onClick={() => void start(DnssecPaths.set, { enabled: 0 })} data-testid="dnssec-off-confirm">無効にする</Button><Button size="xs" variant="default" onClick={() => setConfirmOff(false)}>やめる</Button></Group>
        </Alert>
      ) : null}
      {progress}
      {resultBlock}
      <Group justify="flex-end" wrap="wrap" gap="xs">
        <Button variant="default" onClick={onClose} disabled={running}>閉じる</Button>
        {managed ? (
          <>
            <Button variant="light" onClick={() => void start(DnssecPaths.rollover, {})} disabled={running || s.status !== 'active'} data-testid="dnssec-rollover">鍵を更新（ロールオーバー）</Button>
            <Button variant="light" color="orange" onClick={() => setConfirmOff(true)} disabled={running || s.status === 'removing'} data-testid="dnssec-off">無効にする</Button>
          </>
        ) : (
          <Button onClick={() => void start(DnssecPaths.set, { enabled: 1 })} loading={running} disabled={!s.served} data-testid="dnssec-on">DNSSECを有効にする</Button>
        )}
      </Group>
    </Stack>
  );
}
