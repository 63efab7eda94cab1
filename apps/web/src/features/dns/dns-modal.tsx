import { ActionIcon, Alert, Badge, Button, Checkbox, Group, List, Loader, Modal, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DnsDispatchResult, DnsRecordDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import {
  DNS_RECORD_TYPES, DNS_TTL, DNS_TYPE, DS_ALGORITHMS, DS_DIGEST_TYPES, type DnsFieldError, dnsErrorMessages, dnsTypeName, srvLabel, validateDnsRecords,
} from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { dispatchDns, dnsQueries } from './dns.api';
import { HelpTitle } from '../help/help-link';
import { DnsTools } from './dns-tools';

type Step = 'loading' | 'update' | 'showResult';
type Field = 'host_name' | 'recode_type' | 'ttl' | 'record' | 'priority' | 'weight' | 'port' | 'service_name' | 'protocol' | 'alg' | 'digest' | 'digest_type' | 'key_tag';
/** One editable row: every input as text, a stable key for React. */
type Row = Record<Field, string> & { key: string };

let seq = 0;
const key = () => `r${++seq}`;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function toRow(r: DnsRecordDto): Row {
  return {
    key: key(), host_name: str(r.host_name), recode_type: str(r.recode_type), ttl: str(r.ttl), record: str(r.record), priority: str(r.priority), weight: str(r.weight),
    port: str(r.port), service_name: str(r.service_name), protocol: str(r.protocol), alg: str(r.alg), digest: str(r.digest), digest_type: str(r.digest_type), key_tag: str(r.key_tag),
  };
}

function emptyRow(): Row {
  return toRow({ host_name: '', recode_type: DNS_TYPE.A, ttl: DNS_TTL.default, record: '' });
}

function toDto(r: Row): DnsRecordDto {
  const { key: _k, ...rest } = r;
  return { ...rest, recode_type: rest.recode_type === '' ? ('' as unknown as number) : Number(rest.recode_type) };
}

const TYPE_OPTIONS = DNS_RECORD_TYPES.map((t) => ({ value: String(t.value), label: t.label }));
const ALG_OPTIONS = DS_ALGORITHMS.map((a) => ({ value: String(a), label: String(a) }));
const DIGEST_TYPE_OPTIONS = DS_DIGEST_TYPES.map((a) => ({ value: String(a), label: `${a}（${a === 1 ? 'SHA-1' : 'SHA-256'}）` }));

export interface DnsModalDomain {
  id: number;
  name: string;
}

/**
 * The DNS modal (001 spec §4 "DNS modal", §5 "DNS"): loading, update, showResult. The fixed NS records 01-04.dnsv.jp are
 * shown read only; rows are added and deleted freely and the save button appears only after a change. The shared rules
 * check every row before sending (and the server checks again); a failed result can go back to update.
 */
export function DnsModal({ domain, opened, onClose, onChanged }: { domain: DnsModalDomain | null; opened: boolean; onClose: () => void; onChanged?: (id: number) => void }) {
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery('(max-width: 575px)') ?? false;
  return (
    <Modal closeButtonProps={{ 'aria-label': '閉じる' }} opened={opened} onClose={busy ? () => undefined : onClose} title={<HelpTitle title="DNS設定" topic="dns" />} size="lg" fullScreen={phone} closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      {opened && domain ? <DnsPanel domain={domain} onClose={onClose} onChanged={onChanged} setBusy={setBusy} /> : null}
    </Modal>
  );
}

/**
 * The DNS modal's body (the domain list renders the modal frame around it, see features/domains/operations.tsx).
 */
export function DnsPanel({ domain, onClose, onChanged, setBusy }: { domain: DnsModalDomain; onClose: () => void; onChanged?: (id: number) => void; setBusy?: (busy: boolean) => void }) {
  const opened = true;
  const id = domain.id;
  const data = useQuery({ ...dnsQueries.getData(id), enabled: opened && id > 0 });
  const [step, setStep] = useState<Step>('loading');
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<DnsFieldError[]>([]);
  const [result, setResult] = useState<{ ok: boolean; messages: string[]; nameServers?: boolean } | null>(null);
  const [editNs, setEditNs] = useState(false);

  // a fresh form each time the modal opens on a domain
  useEffect(() => {
    if (!opened) return;
    setStep('loading');
    setDirty(false);
    setErrors([]);
    setResult(null);
  }, [opened, id]);

  useEffect(() => {
    if (!opened || step !== 'loading' || !data.data) return;
    setRows(data.data.contents.formData.filter((r) => !r.fixed).map(toRow));
    setStep('update');
  }, [opened, step, data.data]);

  const contents = data.data?.contents;
  const fixed = useMemo(() => contents?.formData.filter((r) => r.fixed) ?? [], [contents]);

  const save = useMutation({
    mutationFn: (saveData: DnsRecordDto[]) => dispatchDns({ domains: [id], saveData, editNameServer: editNs ? 1 : 0 }),
    onSuccess: (r: DnsDispatchResult) => {
      if (r.result) {
        if (r.formData) setRows(r.formData.filter((x) => !x.fixed).map(toRow));
        setDirty(false);
        setResult({ ok: true, messages: [M.dnsSaved], nameServers: !!r.nameServerJobId });
        if (r.nameServerJobId) setEditNs(false);
        onChanged?.(id);
      } else {
        setErrors((r.fieldErrors ?? []) as DnsFieldError[]);
        setResult({ ok: false, messages: r.errors?.length ? r.errors : [M.errorOccurred] });
      }
      setStep('showResult');
    },
    onError: (e) => {
      const body = e instanceof ApiError ? (e.body as { errors?: unknown } | null) : null;
      const list = Array.isArray(body?.errors) ? (body!.errors as unknown[]).map(String) : [];
      setResult({ ok: false, messages: list.length ? list : [M.errorOccurred] });
      setStep('showResult');
    },
  });
  const busy = save.isPending;
  useEffect(() => {
    setBusy?.(busy);
  }, [busy, setBusy]);

  const change = (i: number, field: Field, value: string) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
    // the row's message for this field goes once it is edited (checked again on save)
    setErrors((es) => es.filter((e) => !(e.index === i && (e.field === field || e.field === 'row'))));
    setDirty(true);
  };
  const add = () => {
    setRows((rs) => [...rs, emptyRow()]);
    setDirty(true);
  };
  const remove = (i: number) => {
    setRows((rs) => rs.filter((_, j) => j !== i));
    setErrors([]);
    setDirty(true);
  };

  const submit = () => {
    const saveData = rows.map(toDto);
    const found = contents ? validateDnsRecords(saveData, contents.domain.punycode) : [];
    setErrors(found);
    if (found.length) return;
    save.mutate(saveData);
  };

  // a template or a zone file import saved the records: the form shows them as saved
  const reloadAfterTools = async () => {
    const r = await data.refetch();
    if (r.data) setRows(r.data.contents.formData.filter((x) => !x.fixed).map(toRow));
    setDirty(false);
    setErrors([]);
    onChanged?.(id);
  };

  const errorOf = (i: number, f: Field | 'row') => errors.filter((e) => e.index === i && e.field === f).map((e) => e.message).join(' ') || undefined;

  return (
    <Stack gap="md" data-testid="dns-modal">
      <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="dns-domain">{domain.name}</Text>
      {data.isError ? (
        <Alert color="red" title={M.errorOccurred} data-testid="dns-load-error">
          <Group justify="space-between" mt="xs">
            <Text size="sm">DNSレコードを読み込めませんでした。</Text>
            <Button size="xs" variant="light" onClick={() => void data.refetch()}>再読み込み</Button>
          </Group>
        </Alert>
      ) : step === 'loading' || !contents ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="読み込み中" />
        </Group>
      ) : step === 'showResult' && result ? (
        <Stack gap="md" data-testid="dns-result">
          {result.ok ? (
            <Alert color="teal" title={M.dnsSaved}>
              {result.nameServers ? <Text size="sm">{M.dnsNameServerChangeAccepted}</Text> : contents.isOurDns ? <Text size="sm">保存したレコードはすぐに当社DNS（01〜04.dnsv.jp）から応答されます。</Text> : <Text size="sm">{M.dnsDomainNotServed}</Text>}
            </Alert>
          ) : (
            <Alert color="red" title={M.errorOccurred} data-testid="dns-result-errors">
              <List size="sm" spacing={2}>
                {result.messages.map((m, i) => <List.Item key={i}>{m}</List.Item>)}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            {!result.ok && <Button variant="default" onClick={() => setStep('update')}>戻る</Button>}
            <Button onClick={onClose}>閉じる</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {!contents.isOurDns && (
            <Alert color="yellow" title="他社DNSを利用中です" data-testid="dns-other-alert">
              <Text size="sm">{M.dnsOtherDnsInUse}</Text>
              <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>現在のネームサーバー：{contents.domain.name_servers.join(', ') || '-'}</Text>
              <Checkbox mt="sm" label={M.dnsUseOurNameServers} checked={editNs} disabled={busy} onChange={(e) => { setEditNs(e.currentTarget.checked); setDirty(true); }} data-testid="dns-edit-ns" />
            </Alert>
          )}
          <DnsTools domainId={id} zone={contents.domain.punycode} served={contents.isOurDns} disabled={dirty || busy} onApplied={() => void reloadAfterTools()} />
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text size="sm" fw={600} mb={4}>固定のNSレコード（削除できません）</Text>
            <Stack gap={2}>
              {fixed.map((r) => (
                <Group key={r.record} gap="xs" wrap="nowrap" data-testid="dns-fixed-row">
                  <Badge size="sm" variant="light">NS</Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>@ → {r.record}</Text>
                </Group>
              ))}
            </Stack>
          </Paper>

          {errors.length > 0 && (
            <Alert color="red" title="入力内容を確認してください" data-testid="dns-errors">
              <List size="sm" spacing={2}>
                {dnsErrorMessages(errors).map((m, i) => <List.Item key={i}>{m}</List.Item>)}
              </List>
            </Alert>
          )}

          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid="dns-empty">{M.dnsNoRecords}</Text>
          ) : (
            <Stack gap="sm">
              {rows.map((r, i) => (
                <RecordRow key={r.key} row={r} index={i} zone={contents.domain.name} disabled={busy} errorOf={(f) => errorOf(i, f)} onChange={(f, v) => change(i, f, v)} onRemove={() => remove(i)} />
              ))}
            </Stack>
          )}

          <Group justify="space-between" wrap="wrap" gap="sm">
            <Button variant="light" onClick={add} disabled={busy}>＋ レコードを追加</Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>キャンセル</Button>
              {dirty && <Button onClick={submit} loading={busy} data-testid="dns-save">保存する</Button>}
            </Group>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function RecordRow({ row, index, zone, disabled, errorOf, onChange, onRemove }: {
  row: Row; index: number; zone: string; disabled: boolean; errorOf: (f: Field | 'row') => string | undefined; onChange: (f: Field, v: string) => void; onRemove: () => void;
}) {
  const type = Number(row.recode_type);
  const name = dnsTypeName(type);
  const input = (f: Field, label: string, o: { placeholder?: string; inputMode?: 'numeric' | 'text'; onBlur?: () => void } = {}) => (
    <TextInput
      label={label}
      value={row[f]}
      onChange={(e) => onChange(f, e.currentTarget.value)}
      onBlur={o.onBlur}
      placeholder={o.placeholder}
      inputMode={o.inputMode}
      error={errorOf(f)}
      disabled={disabled}
      size="sm"
    />
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="dns-row">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" fw={600}>{index + 1}行目{name ? `（${name}）` : ''}</Text>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} disabled={disabled} aria-label={`${index + 1}行目を削除`}>✕</ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing="xs">
        {type !== DNS_TYPE.DS && input('host_name', 'ホスト名', { placeholder: `@ または www（.${zone}）` })}
        <Select
          label="TYPE"
          data={TYPE_OPTIONS}
          value={row.recode_type || null}
          onChange={(v) => onChange('recode_type', v ?? '')}
          placeholder="選択"
          error={errorOf('recode_type')}
          disabled={disabled}
          allowDeselect={false}
          size="sm"
          comboboxProps={{ withinPortal: true }}
        />
        {input('ttl', 'TTL（秒）', { placeholder: String(DNS_TTL.default), inputMode: 'numeric' })}
        {type === DNS_TYPE.MX && input('priority', 'PRIORITY', { placeholder: '10', inputMode: 'numeric' })}
        {type === DNS_TYPE.SRV && (
          <>
            {input('service_name', 'サービス', { placeholder: '_sip.', onBlur: () => row.service_name && onChange('service_name', srvLabel(row.service_name)) })}
            {input('protocol', 'プロトコル', { placeholder: '_tcp.', onBlur: () => row.protocol && onChange('protocol', srvLabel(row.protocol)) })}
            {input('priority', 'PRIORITY', { inputMode: 'numeric' })}
            {input('weight', 'WEIGHT', { inputMode: 'numeric' })}
            {input('port', 'PORT', { inputMode: 'numeric' })}
          </>
        )}
        {type === DNS_TYPE.DS && (
          <>
            {input('key_tag', 'KEY TAG', { inputMode: 'numeric' })}
            <Select label="ALG" data={ALG_OPTIONS} value={row.alg || null} onChange={(v) => onChange('alg', v ?? '')} error={errorOf('alg')} disabled={disabled} size="sm" placeholder="選択" comboboxProps={{ withinPortal: true }} />
            <Select label="DIGEST TYPE" data={DIGEST_TYPE_OPTIONS} value={row.digest_type || null} onChange={(v) => onChange('digest_type', v ?? '')} error={errorOf('digest_type')} disabled={disabled} size="sm" placeholder="選択" comboboxProps={{ withinPortal: true }} />
          </>
        )}
      </SimpleGrid>
      {type === DNS_TYPE.DS ? (
        <TextInput mt="xs" label="DIGEST" value={row.digest} onChange={(e) => onChange('digest', e.currentTarget.value)} error={errorOf('digest')} disabled={disabled} size="sm" styles={{ input: { fontFamily: 'monospace' } }} />
      ) : type === DNS_TYPE.TXT ? (
        <Textarea mt="xs" label="値" value={row.record} onChange={(e) => onChange('record', e.currentTarget.value)} error={errorOf('record')} disabled={disabled} autosize minRows={1} maxRows={6} size="sm" />
      ) : (
        <TextInput
          mt="xs"
          label={type === DNS_TYPE.MX ? '値（メールサーバー）' : type === DNS_TYPE.SRV ? '値（ターゲット）' : '値'}
          value={row.record}
          onChange={(e) => onChange('record', e.currentTarget.value)}
          placeholder={type === DNS_TYPE.A ? '192.0.2.1' : type === DNS_TYPE.AAAA ? '2001:db8::1' : type === DNS_TYPE.MX ? zone : type === DNS_TYPE.CNAME || type === DNS_TYPE.NS ? 'host.example.com' : undefined}
          error={errorOf('record')}
          disabled={disabled}
          size="sm"
        />
      )}
      {errorOf('row') && <Text size="xs" c="red.7" mt={4}>{errorOf('row')}</Text>}
    </Paper>
  );
}
