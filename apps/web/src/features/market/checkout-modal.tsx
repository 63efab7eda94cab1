import { Alert, Anchor, Button, Group, Modal, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MarketPayMethod, MarketTradeDto } from '@registrar/contracts';
import { PRODUCT } from '@registrar/messages';
import { splitPayment } from '@registrar/rules';
import { paymentQueries } from '../payments/payments.api';
import { pointBalanceQuery } from '../../lib/points';
import { marketError, yen } from './market.api';

/** What the checkout sends: the method, and for a card or wallet the charge it showed and the points it used first. */
export type CheckoutBody = { method: MarketPayMethod; amount?: number; pointsToUse?: number; stripeCardId?: string | null };

/**
 * The market's checkout (docs/market.md, "Paying by card or wallet"), shared by buying at the fixed price and paying an
 * accepted offer: the balance, お支払い方法 ポイント (the balance covers the price) or クレジットカード / ウォレット for the
 * rest, the exact charge, the saved card. A card or wallet answer with payment_url goes there (3-D Secure, the wallet's
 * approval) and comes back to the trade's page.
 */
export function CheckoutModal({ opened, onClose, title, domain, price, confirmLabel, cardReturnTo, submit, onDone, onFailed }: {
  opened: boolean;
  onClose: () => void;
  title: string;
  domain: string;
  price: number;
  confirmLabel: string;
  /** where the card registration page sends the member back */
  cardReturnTo: string;
  submit: (body: CheckoutBody) => Promise<MarketTradeDto>;
  onDone: (t: MarketTradeDto) => void;
  onFailed?: () => void;
}) {
  const qc = useQueryClient();
  const balance = useQuery({ ...pointBalanceQuery, enabled: opened });
  const cards = useQuery({ ...paymentQueries.cards(), enabled: opened });
  const [method, setMethod] = useState<MarketPayMethod>('points');
  const [cardId, setCardId] = useState<string | null>(null);
  const points = balance.data ?? 0;
  // the points first, the rest by card (50-yen minimum, its surplus back as points) or wallet: the page shows the charge
  const split = splitPayment(price, points, points);
  const charge = method === 'card' ? split.cardCharge : method === 'wallet' ? split.shortfall : 0;
  const selectedCard = cardId ?? cards.data?.cards[0]?.id ?? null;
  const short = balance.data != null && split.shortfall > 0;
  useEffect(() => {
    if (short) setMethod((m) => (m === 'points' ? 'card' : m));
  }, [short]);
  const pay = useMutation({
    mutationFn: () => submit(method === 'points' ? { method } : { method, amount: charge, pointsToUse: split.pointsUsed, ...(method === 'card' ? { stripeCardId: selectedCard } : {}) }),
    onError: () => onFailed?.(),
    onSuccess: (t) => {
      void qc.invalidateQueries({ queryKey: ['points'] });
      // 3-D Secure or the wallet's approval: there and back to the trade's page
      if (t.payment_url) window.location.assign(t.payment_url);
      else onDone(t);
    },
  });
  return (
    <Modal opened={opened} onClose={() => !pay.isPending && onClose()} title={title} centered closeOnClickOutside={!pay.isPending}>
      <Stack gap="sm" data-testid="checkout">
        <Text style={{ overflowWrap: 'anywhere' }}><b>{domain}</b> を <b>{yen(price)}</b>（{PRODUCT.pointName}）で購入します。</Text>
        <Text size="sm">保有ポイント: {balance.isPending ? '…' : balance.data != null ? `${balance.data.toLocaleString('ja-JP')}${PRODUCT.pointUnit}` : '—'}</Text>
        <Radio.Group label="お支払い方法" value={method} onChange={(v) => setMethod(v as MarketPayMethod)}>
          <Stack gap={6} mt={6}>
            <Radio value="points" label={`${PRODUCT.pointName}（保有ポイントで支払う）`} disabled={split.shortfall > 0} />
            <Radio value="card" label="クレジットカード（不足分をカードで支払う）" disabled={split.shortfall === 0} />
            <Radio value="wallet" label="ウォレット（不足分をウォレットで支払う）" disabled={split.shortfall === 0} />
          </Stack>
        </Radio.Group>
        {method !== 'points' ? (
          <Paper withBorder p="xs" radius="sm" data-testid="buy-breakdown">
            <Text size="sm">ポイント利用: {split.pointsUsed.toLocaleString('ja-JP')}{PRODUCT.pointUnit}</Text>
            <Text size="sm" fw={700}>{method === 'card' ? 'カード' : 'ウォレット'}でのお支払い: {yen(charge)}</Text>
            {method === 'card' && split.surplusPoints > 0 ? <Text size="xs" c="dimmed">カード決済の最低額50円に満たないため、差額 {split.surplusPoints}{PRODUCT.pointUnit} はポイントとして付与されます。</Text> : null}
          </Paper>
        ) : null}
        {method === 'points' && split.shortfall > 0 ? <Text size="sm" c="red.8">ポイントが {split.shortfall.toLocaleString('ja-JP')}{PRODUCT.pointUnit} 不足しています。カードまたはウォレットをお選びください。</Text> : null}
        {method === 'card' ? (
          cards.data && cards.data.cards.length === 0 ? (
            <Anchor size="sm" href={`/mypage/stripe?redirect_url=${encodeURIComponent(cardReturnTo)}`}>クレジットカードを登録する</Anchor>
          ) : (
            <Select label="お支払いカード" data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: c.cardInfoText }))} value={selectedCard} onChange={setCardId} allowDeselect={false} disabled={cards.isPending} />
          )
        ) : null}
        <Text size="xs" c="dimmed">代金はお預かりし、ドメインがあなたのアカウントへ移動した後に出品者へ支払われます。移動できなかった場合は全額返金します。移動後のWHOIS情報は代理公開（または初期設定の連絡先）になり、自動更新はOFFになります。</Text>
        {pay.isError ? <Alert color="red" variant="light" role="alert">{marketError(pay.error)}</Alert> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={pay.isPending} onClick={onClose}>キャンセル</Button>
          <Button loading={pay.isPending} disabled={balance.isPending || (method === 'points' && split.shortfall > 0) || (method === 'card' && !selectedCard)} onClick={() => pay.mutate()}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
