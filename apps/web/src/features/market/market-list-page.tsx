import { Anchor, Badge, Button, Card, Group, NumberInput, Pagination, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { MarketSort } from '@registrar/contracts';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { usePageTitle } from '../../lib/page-title';
import { dateJst, marketError, marketQueries, type MarketSearch, SORT_LABELS, yen } from './market.api';

/**
 * /market: the domain market's active listings with search (keyword, TLD, price range, length), sort and paging, all in
 * the URL; each card links to the listing's own page.
 */
export function MarketListPage({ search }: { search: MarketSearch }) {
  usePageTitle('ドメインマーケット');
  const navigate = useNavigate({ from: '/market/' });
  const q = useQuery(marketQueries.search(search));
  const [form, setForm] = useState<MarketSearch>(search);
  useEffect(() => setForm(search), [search]);
  const set = <K extends keyof MarketSearch>(k: K) => (v: MarketSearch[K]) => setForm((f) => ({ ...f, [k]: v }));
  const n = (v: string | number) => (v === '' ? undefined : Number(v));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void navigate({ search: { ...form, page: undefined } });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1} size="h2">ドメインマーケット</Title>
          <Text size="sm" c="dimmed">会員同士でドメインをポイントで売買できます。代金はお預かりし、ドメインの移動完了後に出品者へお支払いします。</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/market/sell" variant="filled">ドメインを出品する</Button>
          <Button component={Link} to="/sales" variant="default">売上管理</Button>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="マーケット検索">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label="キーワード" placeholder="例: rakko" value={form.keyword ?? ''} onChange={(e) => set('keyword')(e.currentTarget.value || undefined)} />
          <Select label="TLD" placeholder="すべて" clearable data={(q.data?.tlds ?? []).map((t) => ({ value: t, label: `.${t}` }))} value={form.tld ?? null} onChange={(v) => set('tld')(v ?? undefined)} />
          <Group grow gap={6} align="flex-end" wrap="nowrap">
            <NumberInput label="価格（円）" placeholder="下限" min={0} thousandSeparator="," hideControls value={form.priceMin ?? ''} onChange={(v) => set('priceMin')(n(v))} aria-label="価格の下限" />
            <NumberInput label=" " placeholder="上限" min={0} thousandSeparator="," hideControls value={form.priceMax ?? ''} onChange={(v) => set('priceMax')(n(v))} aria-label="価格の上限" />
          </Group>
          <Group grow gap={6} align="flex-end" wrap="nowrap">
            <NumberInput label="文字数" placeholder="最小" min={1} hideControls value={form.lengthMin ?? ''} onChange={(v) => set('lengthMin')(n(v))} aria-label="文字数の最小" />
            <NumberInput label=" " placeholder="最大" min={1} hideControls value={form.lengthMax ?? ''} onChange={(v) => set('lengthMax')(n(v))} aria-label="文字数の最大" />
          </Group>
        </SimpleGrid>
        <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
          <Select aria-label="並び順" w={200} allowDeselect={false} data={(Object.keys(SORT_LABELS) as MarketSort[]).map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={search.sort ?? 'new'} onChange={(v) => void navigate({ search: { ...search, sort: (v as MarketSort) === 'new' ? undefined : (v as MarketSort), page: undefined } })} />
          <Group gap="xs">
            <Button variant="subtle" onClick={() => void navigate({ search: {} })}>条件をクリア</Button>
            <Button type="submit">検索する</Button>
          </Group>
        </Group>
      </Paper>
      {q.isPending ? <TableSkeleton rows={6} /> : q.isError ? <ErrorBlock message={marketError(q.error)} onRetry={() => void q.refetch()} /> : q.data.data.length === 0 ? (
        <EmptyBlock title="条件に合う出品はありません" description="条件を変えて検索してください。" />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">{q.data.total.toLocaleString('ja-JP')}件{q.data.total_capped ? '以上' : ''}の出品</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="market-results">
            {q.data.data.map((l) => (
              <Card key={l.id} withBorder radius="md" padding="md" data-testid="market-card">
                <Anchor fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} renderRoot={(props) => <Link {...props} to="/market/$listingId" params={{ listingId: String(l.id) }} />}>{l.domain}</Anchor>
                <Text fw={700} size="xl" c="teal.9" mt={4}>{yen(l.price)}</Text>
                <Group gap={6} mt={6}>
                  <Badge variant="light" color="blue">.{l.tld}</Badge>
                  <Badge variant="light" color="gray">{l.length}文字</Badge>
                  {l.min_offer != null ? <Badge variant="light" color="grape">オファー可</Badge> : null}
                </Group>
                <Text size="xs" c="dimmed" mt={6}>登録日 {dateJst(l.registered_at)} ・ 有効期限 {dateJst(l.expires_at)} ・ 掲載終了 {dateJst(l.ends_at)}</Text>
                {l.description ? <Text size="sm" mt={6} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{l.description}</Text> : null}
              </Card>
            ))}
          </SimpleGrid>
          {q.data.last_page > 1 ? (
            <Group justify="center"><Pagination total={q.data.last_page} value={q.data.current_page} onChange={(p) => void navigate({ search: { ...search, page: p === 1 ? undefined : p } })} getControlProps={(c) => ({ 'aria-label': c === 'previous' ? '前のページ' : c === 'next' ? '次のページ' : c })} /></Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
