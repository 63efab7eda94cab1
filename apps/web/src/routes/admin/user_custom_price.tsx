import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { M } from '@registrar/messages';
import { validateCustomPrice } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { adminErrors, customPriceApi, type PriceGroupOption } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, tokyoDateTime, UserLink, WideTable } from '../../features/admin/admin-ui';

/** The searched user id lives in the URL (a reload or a shared link shows the same list). */
interface CustomPriceSearch { userId?: number }

export const Route = createFileRoute('/admin/user_custom_price')({
  validateSearch: (s: Record<string, unknown>): CustomPriceSearch => ({ userId: /^\d{1,15}$/.test(String(s.userId ?? '')) ? Number(s.userId) : undefined }),
  component: CustomPricePage,
});

/** What a group does to the list prices, in words (a margin, plus fixed prices for some TLDs). */
function groupSummary(g: PriceGroupOption): string {
  const margin = g.marginPercent === 0 ? '通常価格' : g.marginPercent < 0 ? `通常価格の${-g.marginPercent}%引き` : `通常価格の${g.marginPercent}%増し`;
  const fixed = Object.keys(g.fixed);
  return fixed.length ? `${margin}（固定価格: ${fixed.map((t) => `.${t}`).join(' ')}）` : margin;
}

type Notice = { ok: boolean; messages: string[] } | null;

/** /admin/user_custom_price (super): members' price groups — search, register, remove (002 §2, §5, §8). */
function CustomPricePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const qc = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);

  const list = useQuery({
    queryKey: ['admin', 'custom-price', search.userId ?? null],
    queryFn: ({ signal }) => customPriceApi.search(search.userId ? String(search.userId) : '', signal),
    placeholderData: keepPreviousData,
  });
  const groups = list.data?.priceGroups ?? [];

  // register form
  const [userId, setUserId] = useState('');
  const [group, setGroup] = useState('');
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const register = useMutation({
    mutationFn: (v: { userId: string; group: string }) => customPriceApi.register(v.userId, v.group),
    onMutate: () => setNotice(null),
    onSuccess: (r) => { setNotice({ ok: true, messages: [r.message || M.customPriceRegistered] }); setUserId(''); setGroup(''); void qc.invalidateQueries({ queryKey: ['admin', 'custom-price'] }); },
    onError: (e) => { if (!(e instanceof ApiError && Object.keys(e.fieldErrors).length)) setNotice({ ok: false, messages: adminErrors(e, M.customPriceRegisterFailed) }); },
  });
  const serverErrors = register.error instanceof ApiError ? register.error.fieldErrors : {};
  const submitRegister = (e: FormEvent) => {
    e.preventDefault();
    const v = validateCustomPrice({ userId, priceGroup: group });
    setLocal(v.errors);
    register.reset();
    if (!Object.keys(v.errors).length) register.mutate({ userId: String(v.userId), group: String(v.priceGroup) });
  };

  const remove = useMutation({
    mutationFn: (id: number) => customPriceApi.remove(String(id)),
    onMutate: () => setNotice(null),
    onSuccess: (r) => { setNotice({ ok: true, messages: [r.message || M.customPriceRemoved] }); void qc.invalidateQueries({ queryKey: ['admin', 'custom-price'] }); },
    onError: (e) => setNotice({ ok: false, messages: adminErrors(e, M.customPriceRemoveFailed) }),
  });
  const confirmRemove = (id: number, name: string) => {
    if (window.confirm(`ユーザーID ${id} の個別価格設定（${name}）を解除しますか？`)) remove.mutate(id);
  };

  // search form
  const [query, setQuery] = useState(search.userId ? String(search.userId) : '');
  const [searchError, setSearchError] = useState<string[]>([]);
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    const raw = query.trim(); // full-width digits are refused by the rule (半角数字), not converted
    if (raw) {
      const v = validateCustomPrice({ userId: raw }, false);
      setSearchError(v.errors.userId ?? []);
      if (v.errors.userId) return;
    } else setSearchError([]);
    void navigate({ search: { userId: raw ? Number(raw) : undefined } });
  };

  const rows = list.data?.users;
  return (
    <AdminPage title="個別価格設定" superOnly>
      <Stack gap="lg">
        {notice ? (
          notice.ok
            ? <Alert color="green" role="status" data-testid="custom-price-success">{notice.messages.join(' ')}</Alert>
            : <AdminError messages={notice.messages} />
        ) : null}

        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="sm">価格グループを登録</Title>
          <form onSubmit={submitRegister} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput label="ユーザーID" inputMode="numeric" w={{ base: '100%', xs: 200 }} value={userId} onChange={(e) => setUserId(e.currentTarget.value)}
                error={local.userId?.[0] ?? serverErrors.userId?.[0]} />
              <NativeSelect label="価格グループ" w={{ base: '100%', xs: 280 }} value={group} onChange={(e) => setGroup(e.currentTarget.value)}
                data={[{ value: '', label: '選択してください' }, ...groups.map((g) => ({ value: String(g.id), label: g.jpName }))]}
                error={local.priceGroup?.[0] ?? serverErrors.priceGroup?.[0]} />
              <Button type="submit" mt={{ base: 0, xs: 25 }} loading={register.isPending}>登録</Button>
            </Group>
          </form>
          {groups.length ? (
            <Stack gap={2} mt="sm" data-testid="price-groups">
              {groups.map((g) => <Text key={g.id} size="xs" c="dimmed">{g.jpName}: {groupSummary(g)}</Text>)}
            </Stack>
          ) : null}
        </Paper>

        <Stack gap="sm">
          <Title order={2} fz="md">個別価格が設定されたユーザー</Title>
          <form onSubmit={submitSearch} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput aria-label="検索するユーザーID" placeholder="ユーザーID（空欄で全件）" w={{ base: '100%', xs: 240 }} inputMode="numeric" value={query}
                onChange={(e) => setQuery(e.currentTarget.value)} error={searchError[0]} />
              <Button type="submit" variant="default">検索</Button>
            </Group>
          </form>
          {list.isError ? <AdminError messages={adminErrors(list.error, M.customPriceListFailed)} /> : null}
          {list.isPending ? <AdminLoading /> : null}
          {rows && !rows.length ? <AdminEmpty /> : null}
          {rows?.length ? (
            <WideTable minWidth={560} label="個別価格設定の一覧">
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="custom-price-table">
                <Table.Thead>
                  <Table.Tr><Table.Th>ユーザーID</Table.Th><Table.Th>価格グループ</Table.Th><Table.Th>更新日時</Table.Th><Table.Th /></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((u) => (
                    <Table.Tr key={u.id} data-testid="custom-price-row">
                      <Table.Td><UserLink id={u.id} /></Table.Td>
                      <Table.Td>{u.jpName}</Table.Td>
                      <Table.Td>{tokyoDateTime(u.updated_at)}</Table.Td>
                      <Table.Td ta="right">
                        <Button size="xs" color="red" variant="light" loading={remove.isPending && remove.variables === u.id} onClick={() => confirmRemove(u.id, u.jpName)}>解除</Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          ) : null}
        </Stack>
      </Stack>
    </AdminPage>
  );
}
