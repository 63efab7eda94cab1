import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { MarketListingDto, MarketTradeDto } from '@registrar/contracts';
import { LISTING_STATUS_LABELS } from '@registrar/messages';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { CheckoutModal } from './checkout-modal';
import { dateJst, marketError, marketQueries, newKey, yen } from './market.api';

/** Sets (and on leaving restores) the page's meta description: each listing describes itself to search engines. */
function useMetaDescription(text: string) {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const before = meta.content;
    meta.content = text;
    return () => {
      meta!.content = before;
    };
  }, [text]);
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** /market/{id}: one listing with its facts, buying at the fixed price and (when the seller allows) an offer. */
export function ListingPage({ listing }: { listing: MarketListingDto }) {
  const l = listing;
  usePageTitle(`${l.domain}（${yen(l.price)}）｜ドメインマーケット`);
  const description = useMemo(() => `${l.domain} を${yen(l.price)}で販売中。.${l.tld}・${l.length}文字・登録日${dateJst(l.registered_at)}・有効期限${dateJst(l.expires_at)}。${l.description}`.slice(0, 160), [l]);
  useMetaDescription(description);
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState<number | string>(l.min_offer ?? '');
  const [message, setMessage] = useState('');
  const offer = useMutation({ mutationFn: () => api(`/market/${l.id}/offer`, { body: { amount: Number(amount), message } }) });
  const cancel = useMutation({
    mutationFn: () => api<MarketListingDto>(`/mypage/market/listing/${l.id}/cancel`, { body: {} }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['market'] }),
  });
  const active = l.status === 'active' && !l.hidden;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/market" size="sm">← ドメインマーケット</Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Badge color={active ? 'teal' : 'gray'} variant="light">{LISTING_STATUS_LABELS[l.status] ?? l.status}</Badge>
            {l.hidden ? <Badge color="red" variant="light">非公開</Badge> : null}
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{l.domain}</Title>
          <Text fw={800} fz={32} c="teal.9" data-testid="listing-price">{yen(l.price)}</Text>
          {l.hidden && l.hidden_reason ? <Alert color="red" variant="light" title="運営により非公開にされています">理由: {l.hidden_reason}</Alert> : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="TLD" value={`.${l.tld}`} />
            <Fact label="文字数" value={`${l.length}文字`} />
            <Fact label="登録日" value={dateJst(l.registered_at)} />
            <Fact label="有効期限" value={dateJst(l.expires_at)} />
            <Fact label="掲載終了日" value={dateJst(l.ends_at)} />
            <Fact label="最低オファー価格" value={l.min_offer != null ? yen(l.min_offer) : 'オファー不可'} />
          </SimpleGrid>
          {l.description ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{l.description}</Text> : null}
          {l.is_mine ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">あなたの出品です。</Text>
              {l.status === 'active' ? <Button color="red" variant="light" loading={cancel.isPending} onClick={() => { if (window.confirm('出品を取り消しますか？')) cancel.mutate(); }}>出品を取り消す</Button> : null}
              {cancel.isError ? <Text c="red.8" size="sm" role="alert">{marketError(cancel.error)}</Text> : null}
            </Group>
          ) : active ? (
            isSignedIn ? (
              <Group gap="xs">
                <Button size="md" onClick={() => setConfirm(true)}>{yen(l.price)}で購入する</Button>
              </Group>
            ) : (
              <Button component="a" href={`/login?redirect=${encodeURIComponent(`/market/${l.id}`)}`} size="md" variant="default">ログインして購入する</Button>
            )
          ) : null}
        </Stack>
      </Paper>
      {!l.is_mine && active && isSignedIn && l.min_offer != null ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs">価格のオファー</Title>
          <Text size="sm" c="dimmed" mb="sm">{yen(l.min_offer)}以上、販売価格未満で出品者に価格を提案できます。承諾されると提案額を保有ポイントから決済します（足りない場合は、承諾後に取引ページでカードまたはウォレットでお支払いいただけます）。</Text>
          <Stack gap="xs" maw={480}>
            <NumberInput label="オファー金額（円）" min={l.min_offer} max={l.price - 1} thousandSeparator="," value={amount} onChange={setAmount} />
            <Textarea label="メッセージ（任意）" autosize minRows={2} maxLength={1000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
            {offer.isError ? <Alert color="red" variant="light" role="alert">{marketError(offer.error)}</Alert> : null}
            {offer.isSuccess ? <Alert color="teal" variant="light" role="status">オファーを送りました。出品者の回答はメールでお知らせします。</Alert> : null}
            <Button variant="light" loading={offer.isPending} disabled={offer.isSuccess} onClick={() => offer.mutate()} style={{ alignSelf: 'flex-start' }}>オファーを送る</Button>
          </Stack>
        </Paper>
      ) : null}
      {confirm ? (
        <CheckoutModal opened title="購入の確認" domain={l.domain} price={l.price} confirmLabel="購入を確定する" cardReturnTo={`/market/${l.id}`}
          onClose={() => setConfirm(false)}
          submit={(b) => api<MarketTradeDto>(`/market/${l.id}/buy`, { body: { key, ...b } })}
          // a refused card ended that attempt's trade: the next attempt is a new request
          onFailed={() => setKey(newKey())}
          onDone={(t) => void navigate({ to: '/market/trade/$tradeId', params: { tradeId: String(t.id) } })} />
      ) : null}
    </Stack>
  );
}

export function ListingRoutePage({ id }: { id: number }) {
  const q = useQuery(marketQueries.listing(id));
  if (!q.data) return null;
  return <ListingPage listing={q.data} />;
}
