/**
 * The list's searches (001 §2, §5): the sidebar keyword box and the advanced search modal. Both post a form to
 * /mypage/domain (the gateway answers 303 to the list with the filters in its URL). Buttons stay disabled while the
 * input is empty; the date ranges give the spec's messages before anything is sent.
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { DOMAIN_STATUS_LABELS, INFLUX_LIMIT_LABELS, validateDomainSearch, WHOIS_FILTERS } from '@registrar/rules';
import { domainQueries } from './domain-list.api';
import { postForm } from './form-post';
import { FILTER_KEYS, type DomainListSearch, type FilterKey } from './list-search';
import { useMinWidth } from '../../lib/media';

const SearchGlyph = () => (
  <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></svg>
);

/** The sidebar's keyword search (and the list's own box on phones, where the sidebar is hidden). */
export function KeywordSearch({ initial = '', onAdvanced }: { initial?: string; onAdvanced?: () => void }) {
  const [key, setKey] = useState(initial);
  return (
    <Stack gap={4}>
      <form role="search" aria-label="ドメインを検索" onSubmit={(e) => { e.preventDefault(); if (key.trim()) postForm('/mypage/domain', { key: key.trim() }); }}>
        <Group gap={4} wrap="nowrap">
          <TextInput size="xs" style={{ flex: 1 }} placeholder="ドメイン名で検索" aria-label="ドメイン名で検索" value={key} maxLength={253} onChange={(e) => setKey(e.currentTarget.value)} />
          <Button size="xs" type="submit" disabled={!key.trim()} aria-label="検索" px={8}><SearchGlyph /></Button>
        </Group>
      </form>
      {onAdvanced ? <Button variant="subtle" size="compact-xs" onClick={onAdvanced} style={{ alignSelf: 'flex-start' }}>詳細検索</Button> : null}
    </Stack>
  );
}

type Fields = Partial<Record<FilterKey, string>>;
const ANY = '';
const onOff = [{ value: ANY, label: '指定なし' }, { value: '1', label: 'ON' }, { value: '0', label: 'OFF' }];

/** The advanced search modal: every field of the spec's "Search data" and the list's filters. */
export function AdvancedSearchModal({ opened, onClose, initial }: { opened: boolean; onClose: () => void; initial?: DomainListSearch }) {
  const wide = useMinWidth('48em');
  const cond = useQuery({ ...domainQueries.condition(), enabled: opened });
  const start: Fields = {};
  for (const k of FILTER_KEYS) if (initial?.[k] !== undefined) start[k] = String(initial[k]);
  const [f, setF] = useState<Fields>(start);
  const [errors, setErrors] = useState<string[]>([]);
  const set = (k: FilterKey) => (v: string | null) => setF((p) => ({ ...p, [k]: v ?? '' }));
  const empty = FILTER_KEYS.every((k) => !f[k]);
  const contacts = (cond.data?.contacts ?? []).map((c) => ({ value: String(c.id), label: `${c.label}（${c.domain_num}件）` }));
  const submit = () => {
    const v = validateDomainSearch(f);
    if (!v.ok) { setErrors(v.errors); return; }
    setErrors([]);
    postForm('/mypage/domain', f);
  };
  const dateError = (which: 'obtain' | 'due') => errors.find((e) => e === (which === 'obtain' ? M.registrationDateRange : M.expiryDateRange));
  return (
    <Modal opened={opened} onClose={onClose} title="詳細検索" size="xl" fullScreen={!wide}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="詳細検索">
        <Stack gap="sm">
          <TextInput label="キーワード（ドメイン名）" value={f.key ?? ''} maxLength={253} onChange={(e) => set('key')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Group gap={4} wrap="nowrap" align="flex-end">
              <TextInput type="date" label="登録日（開始）" value={f.obtainDateStart ?? ''} onChange={(e) => set('obtainDateStart')(e.currentTarget.value)} style={{ flex: 1 }} />
              <Text pb={8}>〜</Text>
              <TextInput type="date" label="登録日（終了）" value={f.obtainDateEnd ?? ''} onChange={(e) => set('obtainDateEnd')(e.currentTarget.value)} style={{ flex: 1 }} error={dateError('obtain') ? ' ' : undefined} />
            </Group>
            <Group gap={4} wrap="nowrap" align="flex-end">
              <TextInput type="date" label="有効期限（開始）" value={f.dueDateStart ?? ''} onChange={(e) => set('dueDateStart')(e.currentTarget.value)} style={{ flex: 1 }} />
              <Text pb={8}>〜</Text>
              <TextInput type="date" label="有効期限（終了）" value={f.dueDateEnd ?? ''} onChange={(e) => set('dueDateEnd')(e.currentTarget.value)} style={{ flex: 1 }} error={dateError('due') ? ' ' : undefined} />
            </Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label="ステータス" data={[{ value: ANY, label: '指定なし' }, ...Object.entries(DOMAIN_STATUS_LABELS).map(([value, label]) => ({ value, label }))]} value={f.isStatus ?? ANY} onChange={set('isStatus')} allowDeselect={false} />
            <Select label="推定流入数" data={[{ value: ANY, label: '指定なし' }, ...Object.entries(INFLUX_LIMIT_LABELS).map(([value, label]) => ({ value, label }))]} value={f.influxLimit ?? ANY} onChange={set('influxLimit')} allowDeselect={false} />
            <Select label="自動更新" data={onOff} value={f.isAutoUpdate ?? ANY} onChange={set('isAutoUpdate')} allowDeselect={false} />
            <Select label="ドメインロック" data={onOff} value={f.isDomainLock ?? ANY} onChange={set('isDomainLock')} allowDeselect={false} />
            <Select label="AUTHCODE" data={[{ value: ANY, label: '指定なし' }, { value: '1', label: '取得済み' }, { value: '0', label: '未取得' }]} value={f.isGetAuthcode ?? ANY} onChange={set('isGetAuthcode')} allowDeselect={false} />
            <Select label="ゴミ箱" data={[{ value: ANY, label: '指定なし' }, { value: '1', label: 'ゴミ箱のみ' }, { value: '0', label: 'ゴミ箱を除く' }]} value={f.isTrash ?? ANY} onChange={set('isTrash')} allowDeselect={false} />
            <Select label="WHOIS" data={[{ value: ANY, label: '指定なし' }, ...Object.entries(WHOIS_FILTERS).map(([value, label]) => ({ value, label })), ...contacts]} value={f.isWhoisProxy ?? ANY} onChange={set('isWhoisProxy')} allowDeselect={false} />
            <Select label="WHOIS情報（連絡先）" data={[{ value: ANY, label: '指定なし' }, ...contacts]} value={f.contact ?? ANY} onChange={set('contact')} allowDeselect={false} searchable nothingFoundMessage="該当なし" />
            <Select label="ネームサーバー" data={[{ value: ANY, label: '指定なし' }, ...(cond.data?.nameServers ?? []).map((n) => ({ value: n, label: n }))]} value={f.nameServer ?? ANY} onChange={set('nameServer')} allowDeselect={false} searchable nothingFoundMessage="該当なし" />
          </SimpleGrid>
          {errors.length ? <Stack gap={2} role="alert" data-testid="advanced-errors">{errors.map((e) => <Text key={e} c="red.8" size="sm">{e}</Text>)}</Stack> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => { setF({}); setErrors([]); }}>クリア</Button>
            <Button type="submit" disabled={empty}>この条件で検索</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
