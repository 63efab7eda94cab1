import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { M, PRODUCT } from '@registrar/messages';
import { tldQueries } from '../catalog/queries';
import { TldTiles } from '../catalog/tld-tiles';
import { DomainSearchForm } from '../search-form/domain-search-form';
import { SERVICE_KEY } from '../../layout/site-map';
import classes from './home.module.css';
import { notificationQueries, type PublicNotification } from '../notifications/notifications.api';
import { NotificationTypeBadge, notificationDate } from '../notifications/notification-parts';

// the notice's dialog (and the modal's code) is loaded when a notice is opened, not with the top page
const NotificationModal = lazy(() => import('../notifications/notification-modal').then((m) => ({ default: m.NotificationModal })));
// the empty and error blocks load when shown (the page arrives with its data)
const EmptyBlock = lazy(() => import('./home-states').then((m) => ({ default: m.EmptyBlock })));
const ErrorBlock = lazy(() => import('./home-states').then((m) => ({ default: m.ErrorBlock })));

function PriceTilesSection() {
  const q = useQuery(tldQueries.topTiles());
  useEffect(() => {
    if (q.isError) console.error('price list unavailable', q.error);
  }, [q.isError, q.error]);
  let body: React.ReactNode;
  if (q.isPending) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 8, sm: 'md' }} aria-busy="true" data-state="loading">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} height={112} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (q.isError) {
    // 002 §8 "Price fetch failure: logged only": the top page goes on without its price tiles
    return null;
  } else {
    const tiles = q.data;
    body =
      tiles.length === 0 ? (
        <Suspense fallback={null}>
          <EmptyBlock title="表示できる料金はまだありません" description="料金一覧からすべてのTLDの料金をご確認いただけます。" />
        </Suspense>
      ) : (
        <TldTiles rows={tiles} />
      );
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="home-prices">
      <Group justify="space-between" align="flex-end">
        <Title order={2} id="home-prices" fz={{ base: 20, sm: 24 }}>
          人気のドメイン料金
        </Title>
        <Anchor component={Link} to="/domain/price" size="sm" fw={600}>
          すべての料金を見る →
        </Anchor>
      </Group>
      {body}
      <Text size="xs" c="dimmed">
        価格はすべて税込です。赤字はキャンペーン価格（1年目）です。
      </Text>
    </Stack>
  );
}

const POINTS: { title: string; body: string; link: { to: string; label: string } }[] = [
  { title: 'WHOIS代理公開 無料', body: '登録者情報の代わりに当社情報をWHOISに公開。個人情報を守ります。', link: { to: '/knowledge/whois-proxy/', label: 'WHOIS代理公開とは' } },
  { title: 'DNS 無料', body: '高速・安定のDNSサーバーを追加料金なしでご利用いただけます。', link: { to: '/knowledge/dns-records/', label: 'DNS設定の方法' } },
  { title: 'API 無料', body: '検索・登録・更新をプログラムから。APIの利用料はかかりません。', link: { to: '/document/api/v1/', label: 'APIドキュメント' } },
  { title: '移管・ID間移動 無料', body: `別の${PRODUCT.accountIdName}やメールアドレス宛てに、リアルタイムで無料移動できます。`, link: { to: '/knowledge/local-transfer/', label: 'ドメインの移動について' } },
  { title: '約430種類のTLD', body: '.com や .jp から新gTLD、日本語ドメインまで幅広く取り扱っています。', link: { to: '/domain/price', label: '料金一覧を見る' } },
];

function SellingPoints() {
  return (
    <Stack gap="md" component="section" aria-labelledby="home-points">
      <Title order={2} id="home-points" fz={{ base: 20, sm: 24 }}>
        {PRODUCT.serviceName}が選ばれる理由
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        {POINTS.map((p, i) => (
          <Paper key={p.title} withBorder radius="md" p="lg">
            <Stack gap={8}>
              <ThemeIcon variant="light" radius="xl" size={36}>
                <Text fw={800} size="sm">
                  {i + 1}
                </Text>
              </ThemeIcon>
              <Text fw={700}>{p.title}</Text>
              <Text size="sm" c="dimmed" lh={1.7}>
                {p.body}
              </Text>
              <Anchor href={p.link.to} size="sm">
                {p.link.label}
              </Anchor>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function NotificationsBox() {
  const q = useQuery(notificationQueries.top());
  const [detail, setDetail] = useState<PublicNotification | null>(null);
  let body: React.ReactNode;
  if (q.isPending) body = <Stack gap="xs" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} height={22} />)}</Stack>;
  else if (q.isError)
    body = (
      <Suspense fallback={null}>
        <ErrorBlock message={M.errorRetryLaterParen} onRetry={() => void q.refetch()} />
      </Suspense>
    );
  else if (q.data.notifications.length === 0) body = <Text size="sm" c="dimmed" py="md" ta="center">{M.noNotifications}</Text>;
  else {
    body = (
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {q.data.notifications.map((n) => (
          <li key={n.id} style={{ borderTop: '1px solid #eef1f5' }}>
            <UnstyledButton onClick={() => setDetail(n)} py={10} w="100%" data-testid="home-notification">
              <Group gap={8} wrap="wrap" align="center">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{notificationDate(n.release_date)}</Text>
                <NotificationTypeBadge type={n.type} />
                <Text size="sm" c="blue" style={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>{n.title}</Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-news" data-testid="home-notifications">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="home-news" fz={{ base: 18, sm: 20 }}>
          お知らせ
        </Title>
        <Anchor href={`/notifications?service_name=${SERVICE_KEY}`} size="sm">
          すべてのお知らせ
        </Anchor>
      </Group>
      {body}
      {detail ? (
        <Suspense fallback={null}>
          <NotificationModal notification={detail} onClose={() => setDetail(null)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

export function HomePage() {
  useDocumentTitle(`ドメイン取得・検索なら${PRODUCT.serviceName}`);
  return (
    <>
      <Box className={classes.hero}>
        <Container size={1180} px={{ base: 12, sm: 20 }} py={{ base: 28, sm: 56 }}>
          <Stack gap="lg" maw={820} mx="auto">
            <Stack gap={8} ta="center">
              <Title order={1} c="white" fz={{ base: 24, xs: 26, sm: 36 }} lh={1.35}>
                <span style={{ display: 'inline-block' }}>ドメイン取得なら、</span>
                <span style={{ display: 'inline-block' }}>{PRODUCT.serviceName}</span>
              </Title>
              <Text c="rgba(255,255,255,0.88)" fz={{ base: 14, sm: 16 }}>
                約430種類のTLDに対応。WHOIS代理公開・DNS・APIはすべて無料です。
              </Text>
            </Stack>
            <DomainSearchForm />
          </Stack>
        </Container>
      </Box>
      <Container size={1180} px={{ base: 12, sm: 20 }} py={{ base: 'lg', sm: 40 }}>
        <Stack gap={48}>
          <PriceTilesSection />
          <SellingPoints />
          <NotificationsBox />
          <Paper radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.cta}>
            <Group justify="space-between" gap="md">
              <Stack gap={4}>
                <Text fw={700} fz={{ base: 16, sm: 18 }}>
                  他社で管理中のドメインも、まとめて{PRODUCT.serviceName}へ
                </Text>
                <Text size="sm" c="dimmed">
                  .jp ドメインは条件を満たせば無料で移管できます。
                </Text>
              </Stack>
              <Button component="a" href="/mypage/transferin" radius="xl" size="md">
                ドメイン移管
              </Button>
            </Group>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
