import { Box, Burger, Button, Divider, Group, Menu, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PRODUCT } from '@registrar/messages';
import { formatPoints } from '@registrar/rules';
import { pointBalanceQuery } from '../lib/points';
import { useSession } from '../lib/session';
import classes from './header.module.css';
import { ExternalIcon, GridIcon, SearchIcon, UserIcon } from './icons';
import { Logo } from './logo';
import { SiteLink } from './site-link';
import { HEADER_LINKS, MYPAGE_LINKS, SERVICE_KEY, USER_MENU_LINKS, isExternal, visibleLinks, type ServiceEntry } from './site-map';
import { useServices } from '../lib/site-config';

// only a signed-in member has a bell: its code (menu, list, modal) is not part of a guest's first load
const NotificationBell = lazy(() => import('../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));

/** Which header menu is open: the hamburger, notification, user and service menus are mutually exclusive. */
type OpenMenu = 'nav' | 'bell' | 'user' | 'services' | null;

function useExclusiveMenus() {
  const [open, setOpen] = useState<OpenMenu>(null);
  const bind = (name: Exclude<OpenMenu, null>) => ({
    opened: open === name,
    onChange: (opened: boolean) => setOpen((current) => (opened ? name : current === name ? null : current)),
  });
  return { open, setOpen, bind };
}

/** Help keyword search: GET knowledge/?s= */
function HelpSearch({ className }: { className?: string }) {
  return (
    <form action="/knowledge/" method="get" role="search" className={className}>
      <TextInput name="s" size="xs" radius="xl" placeholder="ヘルプを検索" aria-label="ヘルプをキーワードで検索" leftSection={<SearchIcon />} />
    </form>
  );
}

function ServiceItems({ services }: { services: Record<string, ServiceEntry> }) {
  return (
    <>
      {Object.entries(services).map(([key, s]) => (
        <Menu.Item key={key} component={SiteLink} to={s.url} rightSection={isExternal(s.url) ? <ExternalIcon /> : null} data-service={s.short_name}>
          <Text size="sm" fw={600} lh={1.3}>
            {s.name_jp}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {s.description}
          </Text>
        </Menu.Item>
      ))}
    </>
  );
}

export function SiteHeader() {
  const { user, isSignedIn } = useSession();
  const { bind, open, setOpen } = useExclusiveMenus();
  // マイページ only once the second factor is given in this session (an admin setting it up sees the way to do it)
  const twoFactorPending = Boolean(user?.two_factor_pending);
  const displayName = user ? [user.last_name, user.first_name].filter(Boolean).join(' ') || user.email : '';
  // the balance is read when the user menu opens (and kept while it is fresh); hidden when the call fails
  const point = useQuery({ ...pointBalanceQuery, enabled: isSignedIn && open === 'user', retry: false });
  // the services map holds only services that exist (none by default): no tab, link or counter for any other
  const services = useServices();
  const hasServices = Object.keys(services).length > 0;
  const headerLinks = visibleLinks(HEADER_LINKS, services);
  const userMenuLinks = visibleLinks(USER_MENU_LINKS, services);

  return (
    <header className={classes.header} data-testid="site-header">
      <div className={classes.topRow}>
        <Menu {...bind('nav')} position="bottom-start" offset={10} width={300} shadow="lg" radius="md" withinPortal>
          <Menu.Target>
            <Burger hiddenFrom="lg" size="sm" opened={open === 'nav'} aria-label="メニュー" data-testid="menu-hamburger" />
          </Menu.Target>
          <Menu.Dropdown data-testid="menu-hamburger-dropdown" mah="calc(100dvh - 80px)" style={{ overflowY: 'auto' }}>
            <Box p="xs">
              <HelpSearch />
            </Box>
            {headerLinks.map((l) => (
              <Menu.Item key={l.to} component={SiteLink} to={l.to}>
                {l.label}
              </Menu.Item>
            ))}
            {hasServices ? (
              <>
                <Menu.Divider />
                <Menu.Label>サービス一覧</Menu.Label>
                <ServiceItems services={services} />
              </>
            ) : null}
            {isSignedIn ? (
              <>
                <Menu.Divider />
                <Menu.Label>マイページ</Menu.Label>
                {twoFactorPending ? (
                  <Menu.Item component={SiteLink} to="/security" data-testid="menu-two-factor-link">二段階認証の設定</Menu.Item>
                ) : MYPAGE_LINKS.map((l) => (
                  <Menu.Item key={l.to} component={SiteLink} to={l.to} data-testid="menu-mypage-link">
                    {l.label}
                  </Menu.Item>
                ))}
              </>
            ) : (
              <>
                <Menu.Divider />
                <Menu.Item component="a" href="/login">
                  ログイン
                </Menu.Item>
                <Menu.Item component="a" href={`/register?service_name=${SERVICE_KEY}`}>
                  新規登録
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>

        <Logo />
        <div className={classes.spacer} />

        <Box visibleFrom="md">
          <HelpSearch className={classes.helpSearch} />
        </Box>
        <Box visibleFrom="lg">
          <a href="/knowledge/" className={classes.navLink}>
            マニュアル
          </a>
        </Box>

        {hasServices ? (
          <Menu {...bind('services')} position="bottom-end" offset={10} width={280} shadow="lg" radius="md">
            <Menu.Target>
              <Button variant="subtle" color="dark" fw={500} size="compact-sm" leftSection={<GridIcon />} visibleFrom="sm" data-testid="menu-services">
                サービス一覧
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid="menu-services-dropdown">
              <Menu.Label>{PRODUCT.accountIdName}で使えるサービス</Menu.Label>
              <ServiceItems services={services} />
            </Menu.Dropdown>
          </Menu>
        ) : null}

        {isSignedIn && user ? (
          <Group gap={4} wrap="nowrap">
            {twoFactorPending ? (
              <Button component={Link} to={'/security' as never} size="compact-sm" radius="xl" variant="light" visibleFrom="sm" onClick={() => setOpen(null)} data-testid="header-two-factor">
                二段階認証の設定
              </Button>
            ) : (
              <Button component={Link} to={'/mypage/domain' as never} size="compact-sm" radius="xl" visibleFrom="sm" onClick={() => setOpen(null)} data-testid="header-mypage">
                マイページ
              </Button>
            )}
            <Suspense fallback={<Box w={34} h={34} />}>
              <NotificationBell {...bind('bell')} />
            </Suspense>
            <Menu {...bind('user')} position="bottom-end" offset={10} width={260} shadow="lg" radius="md">
              <Menu.Target>
                <UnstyledButton aria-label={`${displayName} ユーザーメニュー`} data-testid="menu-user" style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 6px', borderRadius: 20 }}>
                  <UserIcon />
                  <Text size="sm" fw={500} visibleFrom="md" maw={140} truncate>
                    {displayName}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown data-testid="menu-user-dropdown">
                <Stack gap={2} px="sm" py={8}>
                  <Text size="sm" fw={700} truncate>
                    {displayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {PRODUCT.accountIdName}: {user.id}
                  </Text>
                  {/* GET user/point; on failure the point is hidden (002 §7) */}
                  {point.isSuccess ? (
                    <Text size="xs" c="dimmed" data-testid="menu-user-point">
                      {PRODUCT.pointName}: {formatPoints(point.data, PRODUCT.pointUnit)}
                    </Text>
                  ) : null}
                </Stack>
                <Menu.Divider />
                {userMenuLinks.map((l) => (
                  <Menu.Item key={l.to} component={SiteLink} to={l.to}>
                    {l.label}
                  </Menu.Item>
                ))}
                {user.is_admin ? (
                  <Menu.Item component={SiteLink} to="/admin/domains" fw={700} data-testid="menu-admin">
                    管理画面
                  </Menu.Item>
                ) : null}
                <Divider my={4} />
                <Menu.Item component="a" href="/logout" color="red">
                  ログアウト
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Button component="a" href="/login" variant="default" size="compact-sm" radius="xl" px={12}>
              ログイン
            </Button>
            <Button component="a" href={`/register?service_name=${SERVICE_KEY}`} size="compact-sm" radius="xl" px={12} visibleFrom="sm">
              新規登録
            </Button>
          </Group>
        )}
      </div>
      <Box visibleFrom="lg" style={{ borderTop: '1px solid #eef1f5' }}>
        <nav className={classes.navRow} aria-label="メインメニュー">
          {headerLinks.map((l) => (
            <SiteLink key={l.to} to={l.to} className={classes.navLink}>
              {l.label}
            </SiteLink>
          ))}
        </nav>
      </Box>
    </header>
  );
}
