import { Box, Burger, Button, Divider, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { SessionUser } from '@registrar/contracts';
import { PRODUCT } from '@registrar/messages';
import { formatPoints } from '@registrar/rules';
import { pointBalanceQuery } from '../lib/points';
import { ExternalIcon, GridIcon, UserIcon } from './icons';
import { SiteLink } from './site-link';
import { MYPAGE_LINKS, SERVICE_KEY, isExternal, type NavLink, type ServiceEntry } from './site-map';

/**
 * The header's menus (docs/web-public-pages.md "First load"): their code (Menu, Popover, floating-ui positioning,
 * transitions, focus handling) is fetched when a visitor first reaches for one of them (pointer over, focus or touch
 * on its button), not with the page. Until the first click `header.tsx` renders the very same button; the click opens
 * the menu as soon as this module is there.
 */

export interface MenuBinding {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** the button had the focus when it was swapped for this menu's: give it back */
  refocus: boolean;
}

/** Gives the focus back to the menu's button when it replaced the placeholder the visitor had focused. */
function useRefocus(refocus: boolean, testId: string) {
  useEffect(() => {
    // only when the focus was lost with the swap (not when the visitor has moved on meanwhile)
    const active = document.activeElement;
    if (refocus && (!active || active === document.body)) document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus();
  }, [refocus, testId]);
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

/** The hamburger menu (below 1024 px): help search, the header's links, the services, マイページ or login. */
export function NavMenu({ opened, onChange, refocus, helpSearch, headerLinks, services, isSignedIn, twoFactorPending }: MenuBinding & {
  helpSearch: ReactNode;
  headerLinks: NavLink[];
  services: Record<string, ServiceEntry>;
  isSignedIn: boolean;
  twoFactorPending: boolean;
}) {
  useRefocus(refocus, 'menu-hamburger');
  const hasServices = Object.keys(services).length > 0;
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-start" offset={10} width={300} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <Burger hiddenFrom="lg" size="sm" opened={opened} aria-label="メニュー" data-testid="menu-hamburger" />
      </Menu.Target>
      <Menu.Dropdown data-testid="menu-hamburger-dropdown" mah="calc(100dvh - 80px)" style={{ overflowY: 'auto' }}>
        <Box p="xs">{helpSearch}</Box>
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
  );
}

/** The services menu (from 736 px, when the services map holds any). */
export function ServicesMenu({ opened, onChange, refocus, services }: MenuBinding & { services: Record<string, ServiceEntry> }) {
  useRefocus(refocus, 'menu-services');
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" offset={10} width={280} shadow="lg" radius="md">
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
  );
}

/** The signed-in member's menu: name, ID, point balance (read when it opens), links, 管理画面, ログアウト. */
export function UserMenu({ opened, onChange, refocus, user, displayName, links }: MenuBinding & { user: SessionUser; displayName: string; links: NavLink[] }) {
  useRefocus(refocus, 'menu-user');
  // the balance is read when the menu opens (and kept while it is fresh); hidden when the call fails
  const point = useQuery({ ...pointBalanceQuery, enabled: opened, retry: false });
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" offset={10} width={260} shadow="lg" radius="md">
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
        {links.map((l) => (
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
  );
}
