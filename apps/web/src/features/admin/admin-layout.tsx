import { Anchor, AppShell, Badge, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { Fragment } from 'react';
import { PRODUCT } from '@registrar/messages';
import { useSession } from '../../lib/session';
import { ADMIN_MENU_GROUPS, adminMenuFor, type AdminMenuItem } from './admin-menu';

/**
 * The admin area's own layout (not the public header/footer): a top bar with the admin's name and role, and the side
 * menu of 002 §6 (super-only items shown to super admins only). On phones the menu folds behind a burger.
 */
export function AdminLayout() {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const router = useRouter();
  // an item shows once its screen exists in the route tree (external ones are served by the gateway)
  const routes = router.routesByPath as unknown as Record<string, unknown>;
  const items = adminMenuFor(user?.admin_role, (to) => Boolean(routes[to] ?? routes[`${to}/`]));
  const groups = Object.keys(ADMIN_MENU_GROUPS) as AdminMenuItem['group'][];
  const active = (to: string) => to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname === to || (to !== '/admin/domains' && pathname.startsWith(to + '/')) || (to === '/admin/domains' && /^\/admin\/domains\/\d+$/.test(pathname));
  return (
    <AppShell transitionDuration={0} header={{ height: 52 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header bg="dark.7" c="white" style={{ borderBottom: 0 }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" color="white" aria-label="管理メニュー" />
            <Anchor component={Link} to="/admin" c="white" fw={800} underline="never" style={{ whiteSpace: 'nowrap' }}>
              <Text span inherit visibleFrom="sm">{PRODUCT.serviceName} </Text>管理画面
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {user ? <Badge color={user.admin_role === 1 ? 'red' : 'blue'} variant="filled" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="admin-role">{user.admin_role === 1 ? 'スーパー管理者' : '管理者'}</Badge> : null}
            <Text size="sm" visibleFrom="sm" truncate maw={220}>{user?.email}</Text>
            <Anchor href="/logout" c="white" size="sm" style={{ whiteSpace: 'nowrap' }}>ログアウト</Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="管理メニュー">
        <ScrollArea type="auto">
          <Stack gap={2} data-testid="admin-menu">
            {groups.map((g) => {
              const inGroup = items.filter((i) => i.group === g);
              if (!inGroup.length) return null;
              return (
                <Fragment key={g}>
                  <Text size="xs" c="dimmed" fw={700} mt="xs" px="xs">{ADMIN_MENU_GROUPS[g]}</Text>
                  {inGroup.map((i) =>
                    i.external ? (
                      <NavLink key={i.to} component="a" href={i.to} label={i.label} onClick={close} />
                    ) : (
                      // exact: the router would otherwise mark /admin (the dashboard) active on every admin page
                      <NavLink key={i.to} component={Link} to={i.to} activeOptions={{ exact: true }} label={i.label} active={active(i.to)} onClick={close} />
                    ),
                  )}
                </Fragment>
              );
            })}
            <Text size="xs" c="dimmed" fw={700} mt="xs" px="xs">サイト</Text>
            <NavLink component={Link} to="/" label="サイトのトップへ" onClick={close} />
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main style={{ minWidth: 0 }}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
