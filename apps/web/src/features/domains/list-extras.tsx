/**
 * Above the list (001 §1, §2 "Domain list props"): the banner of counts, each a link that filters the list (or the
 * page that handles it), the renewal deadlines of the TLDs expiring soon, the card prompt when auto-renew is on and
 * no card is registered, a random tip line and the hosting promotion.
 */
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { DomainBannerCounts } from '@registrar/contracts';
import { domainBannerFilter, formatDateJst, registrationBoxQuery } from '@registrar/rules';
import { paymentQueries } from '../payments/payments.api';
import { serviceByName, useServices } from '../../lib/site-config';
import { domainQueries } from './domain-list.api';
import { RankMascot } from './rank-mascot';

export const TIPS = [
  '自動更新をONにしておくと、更新忘れによるドメインの失効を防げます。',
  'ドメインロックをONにすると、意図しない移管を防げます。',
  'WHOIS代理公開を使うと、登録者情報の代わりに当社の情報が公開されます。',
  '検索条件はURLに残るので、ブックマークして何度でも使えます。',
  '有効期限が近いドメインは「有効期限が近い順」で並べるとすぐに見つかります。',
  'CSVダウンロードで、管理中のドメインを一覧にして保存できます。',
  'ゴミ箱に入れたドメインは一覧に表示されず、自動更新もOFFになります。',
] as const;

type Item = { key: keyof DomainBannerCounts; label: string; to: string; search?: Record<string, string | number>; color?: string };

/** The items; a count on the list links to `domainBannerFilter` (@registrar/rules), the filter the server counts. */
function items(today: string): Item[] {
  const list = (key: Parameters<typeof domainBannerFilter>[0]) => ({ key, to: '/mypage/domain', search: domainBannerFilter(key, today) });
  return [
    { ...list('noAutoUpdate'), label: '自動更新OFF' },
    { ...list('expiringSoon'), label: '15日以内に期限切れ', color: 'orange' },
    { ...list('expiringNoAutoUpdate'), label: '30日以内に期限切れ（自動更新OFF）', color: 'orange' },
    { ...list('renewGrace'), label: '期限切れ（更新可能）', color: 'red' },
    { ...list('restoreGrace'), label: '期限切れ（復旧可能）', color: 'red' },
    { key: 'localTransferOut', label: 'ユーザー間移動の承認待ち（移動元）', to: '/mypage/localTransferOut' },
    { key: 'localTransferIn', label: 'ユーザー間移動の受け取り待ち', to: '/mypage/localTransferIn' },
    { ...list('whoisProcessing'), label: 'WHOIS変更処理中' },
    { key: 'transferIn', label: '他社から移管中・処理中', to: '/mypage/transferin' },
    { key: 'transferOut', label: '他社への移管の承認待ち', to: '/mypage/transferout', color: 'orange' },
    { key: 'provisionalCoJp', label: '.co.jp 仮登録（本登録待ち）', to: '/mypage/JpDomainActivate', color: 'orange' },
    { ...list('orgJpRegistrant'), label: '属性型JPドメイン' },
    { ...list('trashed'), label: 'ゴミ箱', color: 'gray' },
  ];
}

export function DomainListExtras() {
  // the hosting promotion links the server service only while the services map holds it
  const server = serviceByName(useServices(), 'server');
  const banner = useQuery(domainQueries.banner());
  const cards = useQuery({ ...paymentQueries.cards(), enabled: !!banner.data?.autoUpdateOn, staleTime: 60_000 });
  const [tip] = useState(() => TIPS[Math.floor(Math.random() * TIPS.length)]!);
  const today = formatDateJst(Date.now());
  const b = banner.data;
  const shown = b ? items(today).filter((i) => Number(b[i.key]) > 0) : [];
  // phones: the first chips and a button for the rest, so the list starts on the first screen (issue 26)
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  const [allChips, setAllChips] = useState(false);
  const PHONE_CHIPS = 3;
  const visible = phone && !allChips ? shown.slice(0, PHONE_CHIPS) : shown;
  return (
    <Stack gap="xs">
      {b?.autoUpdateOn && cards.data && cards.data.cards.length === 0 ? (
        <Alert color="yellow" variant="light" data-testid="card-prompt">
          自動更新がONのドメインがあります。更新にはカード情報の登録が必要です。{' '}
          <Anchor href="/mypage/stripe?redirect_url=%2Fmypage%2Fdomain" fw={700}>カード情報を登録する</Anchor>
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="sm" data-testid="domain-banner" role="region" aria-label="ドメインの状況">
        {banner.isPending ? <Skeleton h={24} /> : banner.isError ? <Text size="sm" c="dimmed">件数を取得できませんでした</Text> : (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <RankMascot rank={b!.customerRank} />
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={700}>管理中 {b!.total.toLocaleString('ja-JP')}件</Text>
                {shown.length === 0 ? <Text size="sm" c="dimmed">対応が必要なドメインはありません</Text> : null}
                {visible.map((i) => (
                  <Anchor key={i.key} size="sm" data-testid={`banner-${i.key}`}
                    renderRoot={(props) => (i.search ? <Link {...props} to="/mypage/domain" search={i.search as never} /> : <a {...props} href={i.to} />)}>
                    <Badge variant="light" color={i.color ?? 'blue'} style={{ cursor: 'pointer', textTransform: 'none' }}>{i.label} {Number(b![i.key]).toLocaleString('ja-JP')}件</Badge>
                  </Anchor>
                ))}
                {visible.length < shown.length ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => setAllChips(true)} data-testid="banner-more">ほか{shown.length - visible.length}件を表示</Button>
                ) : null}
              </Group>
              {b!.renewalDeadlines.length ? (
                <Text size="xs" c="dimmed" data-testid="renewal-deadlines">
                  更新期限: {b!.renewalDeadlines.map((d) => `.${d.tld} ${d.renewal_deadline || '有効期限日まで'}`).join(' / ')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        )}
      </Paper>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="xs" c="dimmed" data-testid="tip">ヒント: {tip}</Text>
        {server ? <Anchor href={server.url} target="_blank" rel="noopener" size="xs">レンタルサーバーは月額約330円から</Anchor> : null}
      </Group>
    </Stack>
  );
}

/** The TLDs the registration box offers (the most registered ones; any other is typed with its dot). */
const BOX_TLDS = ['com', 'net', 'jp', 'co.jp', 'org', 'info', 'biz', 'xyz'] as const;

/** 001 §2 "TLD registration box on the list page": a name and a TLD, searched on mypage/search (below the list, so the rows start high). */
export function RegistrationBox() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [tld, setTld] = useState<string>('com');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const domain = registrationBoxQuery(name, tld);
    if (domain) void navigate({ to: '/mypage/search', search: { type: 1, domain } });
  };
  return (
    <Paper withBorder radius="md" p="xs" data-testid="registration-box">
      <form onSubmit={submit} aria-label="ドメインの新規登録">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput size="xs" style={{ flex: 1, minWidth: 0 }} label="新しいドメインを登録" placeholder="希望のドメイン名" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <NativeSelect size="xs" aria-label="TLD" w={92} data={BOX_TLDS.map((t) => ({ value: t, label: `.${t}` }))} value={tld} onChange={(e) => setTld(e.currentTarget.value)} />
          <Button size="xs" type="submit" disabled={!name.trim()}>検索</Button>
        </Group>
      </form>
    </Paper>
  );
}
