import { ActionIcon, Affix, Alert, Badge, Box, Button, Drawer, Group, Indicator, Paper, ScrollArea, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { fmt, M } from '@registrar/messages';
import { useState } from 'react';
import type { CartDomainDto } from '@registrar/contracts';
import { needsPrereq as isCoJp, needsWhoisContact } from '@registrar/rules';
import { ErrorBlock, PriceCell } from '@registrar/ui';
import { purchaseQueries } from '../purchase/purchase.api';
import type { MemberCart } from '../search/cart.api';
import { WhoisAddDialog } from '../whois/whois-add-dialog';

/** Whether the member has a WHOIS contact for the domains that cannot use proxy (default setting, 001 §3). */
export function useProxyContactReady(enabled: boolean) {
  const defaults = useQuery({ ...purchaseQueries.defaults(), enabled });
  return { ready: !!defaults.data?.defaultSetting.whois_proxy_disabled_reg_record_id, loading: defaults.isPending && enabled };
}

function CartContents({ cart, onOrder }: { cart: MemberCart; onOrder: (domains: CartDomainDto[]) => void }) {
  const [whoisOpen, setWhoisOpen] = useState(false);
  const needWhois = cart.domains.filter((d) => needsWhoisContact(d.name, d.can_proxy !== false));
  const contact = useProxyContactReady(needWhois.length > 0);
  const blockedByWhois = needWhois.length > 0 && !contact.ready;
  const adding = cart.adding.size > 0;

  if (cart.loadError) return <ErrorBlock onRetry={cart.reload} />;
  return (
    <Stack gap="sm" data-testid="cart-panel">
      <Group justify="space-between">
        <Title order={2} fz="md">
          カート
        </Title>
        <Badge variant="light" data-testid="cart-panel-count">
          {cart.domains.length}件
        </Badge>
      </Group>
      {cart.loading ? (
        <Text size="sm" c="dimmed">
          読み込み中…
        </Text>
      ) : cart.domains.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="cart-empty">
          カートにドメインはありません。検索結果の「カート追加」から追加してください。
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {cart.domains.map((d) => (
            <Paper key={d.punycode} component="li" withBorder p={8} radius="sm" data-testid="cart-item" data-domain={d.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap={6}>
                <Box miw={0}>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                    {d.name}
                  </Text>
                  {d.name !== d.punycode ? (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {d.punycode}
                    </Text>
                  ) : null}
                  <Group gap={6} mt={2}>
                    <PriceCell value={d.register} size="xs" />
                    {isCoJp(d.name) ? (
                      <Badge size="xs" color="orange" variant="light">
                        WHOIS登録必須
                      </Badge>
                    ) : d.can_proxy === false ? (
                      <Badge size="xs" color="gray" variant="light" data-testid="cart-no-proxy">
                        代理公開不可
                      </Badge>
                    ) : (
                      <Badge size="xs" color="teal" variant="light">
                        代理公開可
                      </Badge>
                    )}
                  </Group>
                </Box>
                <Tooltip label="カートから削除">
                  <ActionIcon variant="subtle" color="gray" aria-label={`${d.name}をカートから削除`} onClick={() => cart.remove(d.punycode)} data-testid="cart-item-remove">
                    ✕
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {blockedByWhois ? (
        <Alert color="yellow" variant="light" p="xs" data-testid="cart-whois-required">
          <Text size="xs">WHOIS代理公開ができないドメイン（{needWhois.map((d) => d.name).join('、')}）があります。ご注文の前にWHOIS情報を追加してください。</Text>
          <Button size="xs" mt={6} variant="white" onClick={() => setWhoisOpen(true)} data-testid="cart-whois-add">
            WHOIS情報を追加
          </Button>
        </Alert>
      ) : null}
      <Button fullWidth disabled={adding || cart.domains.length === 0 || blockedByWhois || contact.loading} loading={adding} onClick={() => onOrder(cart.domains)} data-testid="cart-order">
        購入手続きへ進む
      </Button>
      {cart.domains.length > 0 ? (
        <Button
          fullWidth
          variant="subtle"
          color="gray"
          size="xs"
          loading={cart.clearing}
          disabled={adding}
          data-testid="cart-clear"
          onClick={() =>
            modals.openConfirmModal({
              title: 'カートを空にする',
              centered: true,
              children: <Text size="sm">{fmt(M.cartClearConfirm, { count: cart.domains.length })}</Text>,
              labels: { confirm: '空にする', cancel: 'キャンセル' },
              confirmProps: { color: 'red', 'data-testid': 'cart-clear-ok' } as Record<string, string>,
              onConfirm: cart.clear,
            })
          }
        >
          カートを空にする
        </Button>
      ) : null}
      <WhoisAddDialog opened={whoisOpen} onClose={() => setWhoisOpen(false)} />
    </Stack>
  );
}

/** Breakpoint above which the cart is a side panel beside the results; below it, a drawer opened from a floating button. */
export const CART_SIDE_QUERY = '(min-width: 75em)';

/**
 * The shopping-cart side panel (000 §2): the cart's domains with register price and proxy availability, remove, the
 * order button (disabled while domains are being added), and the WHOIS-add dialog for domains that cannot use proxy.
 */
export function CartPanel({ cart, onOrder, side }: { cart: MemberCart; onOrder: (domains: CartDomainDto[]) => void; side: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  if (side) {
    return (
      // below the sticky site header, which has its two rows (60 + 42 px and borders) at the side panel's widths
      <Paper withBorder radius="md" p="sm" style={{ position: 'sticky', top: 104 + 12 }} data-testid="cart-side">
        <CartContents cart={cart} onOrder={onOrder} />
      </Paper>
    );
  }
  return (
    <>
      {/* room below the page's last row, so the floating button never sits on it for good (it floats over the rest) */}
      <div aria-hidden="true" style={{ height: 64 }} />
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Indicator label={cart.domains.length} size={18} disabled={cart.domains.length === 0}>
          <Button radius="xl" onClick={open} data-testid="cart-open" aria-label={`カートを開く（${cart.domains.length}件）`}>
            カート
          </Button>
        </Indicator>
      </Affix>
      <Drawer opened={opened} onClose={close} position="right" size="min(360px, 100vw)" title={<VisuallyHidden>ショッピングカート</VisuallyHidden>} scrollAreaComponent={ScrollArea.Autosize}>
        <CartContents
          cart={cart}
          onOrder={(d) => {
            close();
            onOrder(d);
          }}
        />
      </Drawer>
    </>
  );
}

export function useCartIsSide(): boolean {
  return useMediaQuery(CART_SIDE_QUERY, true) ?? true;
}
