import { Box, Burger, Button, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import classes from './header.module.css';
import { GridIcon, SearchIcon, UserIcon } from './icons';
import { Logo } from './logo';
import { SiteLink } from './site-link';
import { HEADER_LINKS, SERVICE_KEY, USER_MENU_LINKS, visibleLinks } from './site-map';
import { useServices } from '../lib/site-config';

// only a signed-in member has a bell: its code (menu, list, modal) is not part of a guest's first load
const NotificationBell = lazy(() => import('../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));
// the menus' code is loaded when a visitor first reaches for one (header-menus.tsx), not with the page
const loadMenus = () => import('./header-menus');
const NavMenu = lazy(() => loadMenus().then((m) => ({ default: m.NavMenu })));
const ServicesMenu = lazy(() => loadMenus().then((m) => ({ default: m.ServicesMenu })));
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));

/** Which header menu is open: the hamburger, notification, user and service menus are mutually exclusive. */
type MenuName = 'nav' | 'bell' | 'user' | 'services';
type OpenMenu = MenuName | null;

function useExclusiveMenus() {
  const [open, setOpen] = useState<OpenMenu>(null);
  // the menus are rendered from a visitor's first click on one of them (their code is fetched at the first reach)
  const [wanted, setWanted] = useState(false);
  // the menu button holding the focus: a menu's own button, swapped in for the placeholder, takes it over
  const focused = useRef<MenuName | null>(null);
  const bind = (name: MenuName) => ({
    opened: open === name,
    onChange: (opened: boolean) => setOpen((current) => (opened ? name : current === name ? null : current)),
    refocus: focused.current === name,
  });
  /**
   * Props of a menu's button until the menus' code is rendered: a pointer over it, a touch or the focus fetch the code;
   * a click opens the menu, which replaces the button only then (replaced between the press and the release, a
   * button would lose the click).
   */
  const placeholder = (name: MenuName) => ({
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => void loadMenus(),
    onTouchStart: () => void loadMenus(),
    onFocus: () => {
      focused.current = name;
      void loadMenus();
    },
    onBlur: () => {
      if (focused.current === name) focused.current = null;
    },
    onClick: () => {
      setWanted(true);
      setOpen(name);
    },
  });
  return { open, setOpen, bind, wanted, placeholder };
}

/** Help keyword search: GET knowledge/?s= */
function HelpSearch({ className }: { className?: string }) {
  return (
    <form action="/knowledge/" method="get" role="search" className={className}>
      <TextInput name="s" size="xs" radius="xl" placeholder="ヘルプを検索" aria-label="ヘルプをキーワードで検索" leftSection={<SearchIcon />} />
    </form>
  );
}

/** A menu once its code is wanted (the same button meanwhile), or its button alone until then. */
function MenuSlot({ wanted, button, children }: { wanted: boolean; button: ReactNode; children: ReactNode }) {
  return wanted ? <Suspense fallback={button}>{children}</Suspense> : <>{button}</>;
}

export function SiteHeader() {
  const { user, isSignedIn } = useSession();
  const { bind, open, setOpen, wanted, placeholder } = useExclusiveMenus();
  // マイページ only once the second factor is given in this session (an admin setting it up sees the way to do it)
  const twoFactorPending = Boolean(user?.two_factor_pending);
  const displayName = user ? [user.last_name, user.first_name].filter(Boolean).join(' ') || user.email : '';
  // the services map holds only services that exist (none by default): no tab, link or counter for any other
  const services = useServices();
  const hasServices = Object.keys(services).length > 0;
  const headerLinks = visibleLinks(HEADER_LINKS, services);
  const userMenuLinks = visibleLinks(USER_MENU_LINKS, services);

  return (
    <header className={classes.header} data-testid="site-header">
      <div className={classes.topRow}>
        <MenuSlot wanted={wanted} button={<Burger hiddenFrom="lg" size="sm" opened={open === 'nav'} aria-label="メニュー" data-testid="menu-hamburger" {...placeholder('nav')} />}>
          <NavMenu {...bind('nav')} helpSearch={<HelpSearch />} headerLinks={headerLinks} services={services} isSignedIn={isSignedIn} twoFactorPending={twoFactorPending} />
        </MenuSlot>

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
          <MenuSlot
            wanted={wanted}
            button={
              <Button variant="subtle" color="dark" fw={500} size="compact-sm" leftSection={<GridIcon />} visibleFrom="sm" data-testid="menu-services" {...placeholder('services')}>
                サービス一覧
              </Button>
            }
          >
            <ServicesMenu {...bind('services')} services={services} />
          </MenuSlot>
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
            <MenuSlot
              wanted={wanted}
              button={
                <UnstyledButton aria-label={`${displayName} ユーザーメニュー`} data-testid="menu-user" style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 6px', borderRadius: 20 }} {...placeholder('user')}>
                  <UserIcon />
                  <Text size="sm" fw={500} visibleFrom="md" maw={140} truncate>
                    {displayName}
                  </Text>
                </UnstyledButton>
              }
            >
              <UserMenu {...bind('user')} user={user} displayName={displayName} links={userMenuLinks} />
            </MenuSlot>
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
