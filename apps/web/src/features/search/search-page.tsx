import { Alert, Anchor, Box, Button, Checkbox, Group, Paper, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PurchasePaths, SearchType, type CampaignSlotsResult } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { PageContainer } from '@registrar/ui';
import { api } from '../../lib/api';
import { CartPanel, useCartIsSide } from '../cart/cart-panel';
import { CategorySelect } from '../catalog/category-select';
import { usePurchaseFlow } from '../purchase/purchase-flow';
import { tldQueries } from '../catalog/queries';
import { useMemberCart } from './cart.api';
import { useSession } from '../../lib/session';
import { addPending, GUEST_PENDING_KEY, openLoginTab, purchaseDestination, readPending } from './pending-domains';
import { ResultTable } from './result-table';
import type { SearchParams } from './search-params';
import { useDomainSearch, validateQuery, type SearchQuery, type SearchRow } from './use-domain-search';

export const SEARCH_TITLE = 'ドメイン検索';

/**
 * Domain search and registration check (000 §2): keyword and bulk tabs, category filter, the checkbox that hides
 * domains without WHOIS proxy, and one row per name with its availability and prices. Guests see 登録する, the tax
 * annotation, no cart and no add-all; their choice is kept in local storage (ADR 0014) and login opens in one named tab.
 */
export function SearchPage({ member, params, onSearch, onReplace }: { member: boolean; params: SearchParams; onSearch: (p: SearchParams) => void; onReplace?: (p: SearchParams) => void }) {
  useDocumentTitle(`${SEARCH_TITLE} | ラッコドメイン`);
  const [tab, setTab] = useState<'1' | '2'>(params.type === 2 ? '2' : '1');
  const [keyword, setKeyword] = useState(params.domain ?? '');
  const [list, setList] = useState(params.domain_list ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [hideNoProxy, setHideNoProxy] = useState(false);
  // read after hydration: the server renders this public page without the browser's storage, and the first render in
  // the browser must match it (a guest's saved picks then appear at once)
  const [guestPicks, setGuestPicks] = useState<string[]>([]);
  useEffect(() => {
    setGuestPicks(member ? [] : readPending(GUEST_PENDING_KEY));
  }, [member]);
  const cart = useMemberCart(member);
  const go = useCallback((p: SearchParams, replace?: boolean) => (replace && onReplace ? onReplace(p) : onSearch(p)), [onSearch, onReplace]);
  const flow = usePurchaseFlow(member, params, go);
  const side = useCartIsSide();
  const session = useSession();
  const navigate = useNavigate();
  // a member who cannot buy yet (no user information, not verified) goes there first, with a way back (000 §1)
  const order = useCallback(
    (domains: Parameters<typeof flow.order>[0]) => {
      if (!session.user?.can_purchase) void navigate({ href: purchaseDestination(session.user) });
      else flow.order(domains);
    },
    [flow, navigate, session.user],
  );
  // back after login, sign-up or the user information (purchase=1): the purchase step opens with the cart, once
  const resumed = useRef(false);
  useEffect(() => {
    if (!member || !params.purchase || resumed.current || cart.loading || session.isLoading) return;
    resumed.current = true;
    go({}, true);
    if (cart.domains.length) order(cart.domains);
  }, [member, params.purchase, cart.loading, cart.domains, session.isLoading, go, order]);

  // the URL is the source of truth: a new query (form, top page, reload) starts a new search
  useEffect(() => {
    setTab(params.type === 2 ? '2' : '1');
    if (params.domain !== undefined) setKeyword(params.domain);
    if (params.domain_list !== undefined) setList(params.domain_list);
  }, [params.domain, params.domain_list, params.type]);

  const query = useMemo<SearchQuery | null>(() => {
    if (params.type === 2 && params.domain_list) return { type: 2, text: params.domain_list, categoryId: null };
    if (params.domain) return { type: 1, text: params.domain, categoryId: params.categoryId ?? null };
    return null;
  }, [params.domain, params.domain_list, params.type, params.categoryId]);

  const search = useDomainSearch(query);
  const prices = useQuery(tldQueries.prices(query?.type === 2 ? null : (params.categoryId ?? null)));
  const categories = useQuery(tldQueries.categories());
  // members: the month's campaign slots, so a row shows what checkout will charge (re-read when the cart changes)
  const campaign = useQuery({
    queryKey: ['campaign-slots', cart.domains.length],
    queryFn: ({ signal }) => api<CampaignSlotsResult>(PurchasePaths.campaignSlots, { signal }),
    enabled: member,
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });

  const empty = tab === '1' ? keyword.trim() === '' : list.trim() === '';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (empty) return;
    const type = tab === '2' ? SearchType.Bulk : SearchType.Keyword;
    const text = type === SearchType.Bulk ? list : keyword;
    const invalid = validateQuery({ type, text, categoryId: null });
    setFormError(invalid);
    if (invalid) return;
    onSearch(type === SearchType.Bulk ? { type: 2, domain_list: list, categoryId: params.categoryId } : { type: 1, domain: keyword.trim(), categoryId: params.categoryId });
  };

  // guests: the name is kept in session storage and login opens in a new tab (000 §2); members: the server-side cart
  const add = (rows: SearchRow[]) => {
    if (!member) {
      setGuestPicks(addPending(GUEST_PENDING_KEY, rows.map((r) => r.ascii)));
      openLoginTab();
      return;
    }
    cart.add(rows.map((r) => r.ascii));
  };
  // stable callbacks for the memoised rows
  const latest = useRef({ add, remove: cart.remove });
  latest.current = { add, remove: cart.remove };
  const onAdd = useCallback((rows: SearchRow[]) => latest.current.add(rows), []);
  const onRemove = useCallback((punycode: string) => latest.current.remove(punycode), []);
  const guestSet = new Set(guestPicks);
  const inList = member ? cart.inCart : new Set(search.rows.filter((r) => guestSet.has(r.ascii) || guestSet.has(r.name)).map((r) => r.ascii));

  const message = formError ?? search.error;

  // the purchase and result steps replace the search (000 §2: search, then purchase; back returns to search)
  if (member && flow.content) return <PageContainer title={params.orderId ? '購入結果' : 'ドメインの購入'}>{flow.content}</PageContainer>;

  const page = (
    <PageContainer title={SEARCH_TITLE} lead="キーワードで全TLDの空き状況を、または一括でドメイン名の登録可否を確認できます。">
      <Paper withBorder radius="md" p="md" data-testid="search-form">
        <form onSubmit={submit} noValidate>
          <Tabs value={tab} onChange={(v) => { setTab(v === '2' ? '2' : '1'); setFormError(null); }} variant="pills" radius="xl">
            <Tabs.List mb="sm">
              <Tabs.Tab value="1">キーワード検索</Tabs.Tab>
              <Tabs.Tab value="2">一括登録チェック</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="1">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput style={{ flex: 1 }} size="md" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} placeholder="希望のドメイン名・キーワードを入力" aria-label="ドメイン名・キーワード" />
                <Button type="submit" size="md" disabled={empty}>
                  検索
                </Button>
              </Group>
            </Tabs.Panel>
            <Tabs.Panel value="2">
              <Textarea value={list} onChange={(e) => setList(e.currentTarget.value)} autosize minRows={4} maxRows={12} placeholder={'example.com\nexample.jp\n（1行に1ドメイン、500件まで）'} aria-label="ドメイン名（1行に1つ）" />
              <Group justify="flex-end" mt="xs">
                <Button type="submit" size="md" disabled={empty}>
                  一括チェック
                </Button>
              </Group>
            </Tabs.Panel>
          </Tabs>
          {message ? (
            <Alert color="red" variant="light" mt="sm" role="alert" data-testid="search-error">
              {message}
            </Alert>
          ) : null}
        </form>
        <Group mt="md" justify="space-between" align="flex-end" wrap="wrap">
          {tab === '1' ? (
            <CategorySelect categories={categories.data ?? []} value={params.categoryId} onChange={(categoryId) => onSearch({ ...params, categoryId })} />
          ) : (
            <span />
          )}
          <Checkbox label="WHOIS代理公開できないドメインを表示しない" checked={hideNoProxy} onChange={(e) => setHideNoProxy(e.currentTarget.checked)} data-testid="hide-no-proxy" />
        </Group>
        <Group gap="md" mt="xs" wrap="wrap" data-testid="search-links">
          <Anchor component={Link} to="/domain/deadline" size="xs">更新・復旧期限の一覧</Anchor>
          <Anchor href="/knowledge/free-transfer/" size="xs">無料移管について</Anchor>
          <Anchor href="/knowledge/price/" size="xs">料金について</Anchor>
        </Group>
        {!member ? (
          <Text size="xs" c="dimmed" mt="xs" data-testid="tax-note">
            ※表示価格はすべて税込です。
          </Text>
        ) : null}
      </Paper>

      {!member && guestPicks.length > 0 ? (
        <Alert color="blue" variant="light" data-testid="guest-picks">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>{fmt(M.guestPicksNote, { names: guestPicks.join('、') })}</Text>
          <Group gap="xs" mt="xs">
            <Button size="xs" onClick={openLoginTab}>ログイン</Button>
            <Button size="xs" variant="default" renderRoot={(props) => <Link {...props} to="/register" search={{ non_login: 'yes' }} />}>新規登録</Button>
          </Group>
        </Alert>
      ) : null}
      {member && cart.messages.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="cart-errors">
          {cart.messages.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      ) : null}
      {member && cart.inCart.size > 0 ? (
        <Text size="sm" data-testid="cart-count">
          カートに{cart.inCart.size}件のドメインがあります
        </Text>
      ) : null}

      {search.done || search.dispatching ? (
        <Stack gap="sm">
          <ResultTable
            rows={search.rows}
            loading={search.dispatching}
            prices={prices.data ?? []}
            hideNoProxy={hideNoProxy}
            member={member}
            inList={inList}
            adding={cart.adding}
            onAdd={onAdd}
            onRemove={member ? onRemove : undefined}
            emptyText={M.noMatchingDomains}
            campaign={member ? (campaign.data ?? null) : null}
            cartDomains={member ? cart.domains : undefined}
          />
        </Stack>
      ) : null}
      {member && !side ? <CartPanel cart={cart} onOrder={order} side={false} /> : null}
    </PageContainer>
  );
  if (!member || !side) return page;
  // desktops: the cart is a side panel beside the search; its column runs the page's height, so the panel (sticky)
  // stays in view while the member scrolls the results (issue 26)
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 250px', gap: 'var(--mantine-spacing-md)', alignItems: 'start' }}>
      {page}
      <Box pt={{ base: 'md', sm: 'xl' }} style={{ alignSelf: 'stretch' }} data-testid="cart-column">
        <CartPanel cart={cart} onOrder={order} side />
      </Box>
    </Box>
  );
}
