import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { MarketDisputeDto, MarketTradeDto } from '@registrar/contracts';
import { DISPUTE_ROLE_LABELS, DISPUTE_STATUS_LABELS, PAY_METHOD_LABELS, PRODUCT, TRADE_STATUS_LABELS, TRADE_STEP_LABELS } from '@registrar/messages';
import { ErrorBlock, TableSkeleton } from '@registrar/ui';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { domainQueries } from '../domains/domain-list.api';
import { CheckoutModal } from './checkout-modal';
import { dateTimeJst, marketError, marketQueries, yen } from './market.api';

const ORDER = ['pay', 'move', 'release', 'credit'];
const ENDED = ['completed', 'refunded', 'cancelled'];
/** A dispute may be opened while the price is in escrow: paid, and not yet released to the seller. */
const DISPUTABLE = ['escrowed', 'moving', 'moved'];

/** The steps of a trade as a stepper (both sides see the same), polled until the trade has ended. */
export function TradeSteps({ t }: { t: MarketTradeDto }) {
  const done = (step: string) =>
    t.steps.some((s) => s.step === step && s.status === 'done') || (step === 'release' && t.steps.some((s) => s.step === 'credit'));
  const failed = t.steps.find((s) => s.status === 'failed');
  const active = t.status === 'completed' ? ORDER.length : ORDER.findIndex((s) => !done(s));
  const at = (step: string) => t.steps.filter((s) => s.step === step).at(-1)?.at;
  const held = !!t.dispute && t.dispute.status === 'open';
  const waiting = (s: string) => {
    if (held) return '異議申し立て中のため一時停止しています';
    if (s === 'release' && t.status === 'moved') return `受取確認期間（${dateTimeJst(t.release_at)}まで。購入者が受け取りを確認すると、その時点で売上を計上します）`;
    if (s === 'pay' && t.status === 'paying' && t.pay_method == null) return `購入者のお支払い待ち（期限 ${dateTimeJst(t.pay_due_at)}）`;
    if (s === 'pay' && t.status === 'paying' && t.pay_method !== 'points') return 'お支払いの確認待ち';
    return '処理中…';
  };
  return (
    <Stepper active={active < 0 ? ORDER.length : active} orientation="vertical" size="sm" allowNextStepsSelect={false} data-testid="trade-steps">
      {ORDER.map((s, i) => (
        <Stepper.Step key={s} label={TRADE_STEP_LABELS[s]}
          description={done(s) ? `完了 ${dateTimeJst(at(s) ?? at('credit'))}` : failed?.step === s ? `失敗: ${failed.message ?? ''}` : i === active && !ENDED.includes(t.status) ? waiting(s) : undefined}
          color={failed?.step === s ? 'red' : undefined}
          loading={i === active && !ENDED.includes(t.status) && !held && !(s === 'release' && t.status === 'moved') && !(s === 'pay' && t.pay_method == null)} />
      ))}
    </Stepper>
  );
}

/** The dispute thread of a trade: its messages (buyer, seller, 運営) and a reply box while it is open. */
export function DisputeThread({ d, onSend, sending, error }: { d: MarketDisputeDto; onSend?: (body: string) => void; sending?: boolean; error?: string | null }) {
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs" data-testid="dispute-thread">
      <Group gap="xs">
        <Badge color={d.status === 'open' ? 'orange' : 'gray'} variant="light" data-testid="dispute-status">{DISPUTE_STATUS_LABELS[d.status]}</Badge>
        <Text size="sm" c="dimmed">{DISPUTE_ROLE_LABELS[d.opener_role]}が {dateTimeJst(d.created_at)} に申し立て</Text>
      </Group>
      {d.resolution ? <Text size="sm">解決内容: {d.resolution}</Text> : null}
      <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {d.messages.map((m) => (
          <li key={m.id}>
            <Paper withBorder radius="sm" p="xs" bg={m.author_role === 'admin' ? 'blue.0' : undefined} data-testid="dispute-message">
              <Text size="xs" c="dimmed">{DISPUTE_ROLE_LABELS[m.author_role]} ・ {dateTimeJst(m.created_at)}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Text>
            </Paper>
          </li>
        ))}
      </Stack>
      {d.status === 'open' && onSend ? (
        <Stack gap={6}>
          <Textarea label="メッセージ" autosize minRows={2} maxLength={2000} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
          {error ? <Alert color="red" variant="light" role="alert">{error}</Alert> : null}
          <Button variant="light" loading={sending} disabled={!body.trim()} onClick={() => { onSend(body); setBody(''); }} style={{ alignSelf: 'flex-start' }}>送信する</Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

export function TradePage({ id }: { id: number }) {
  usePageTitle(`取引 #${id}｜ドメインマーケット`);
  const qc = useQueryClient();
  const q = useQuery(marketQueries.trade(id));
  const refresh = () => void qc.invalidateQueries({ queryKey: ['market', 'trade', id] });
  // back from 3-D Secure or the wallet (?payment_session=…): the pay step runs now instead of at the next sweep
  const confirmed = useRef(false);
  const confirmPayment = useMutation({ mutationFn: () => api<MarketTradeDto>(`/market/trade/${id}/confirm-payment`, { body: {} }), onSettled: refresh });
  useEffect(() => {
    if (confirmed.current || typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('payment_session')) return;
    confirmed.current = true;
    confirmPayment.mutate();
  }, [confirmPayment]);
  // each step of the trade changes what the member holds: the domain moves (the buyer's list and the sidebar's count
  // gain it, the seller's lose it), points are spent, refunded or credited; the cached ones are refreshed on a change
  const status = q.data?.status;
  useEffect(() => {
    if (!status) return;
    void qc.invalidateQueries({ queryKey: domainQueries.all });
    void qc.invalidateQueries({ queryKey: ['points'] });
  }, [status, qc]);
  const dispute = useQuery({ ...marketQueries.dispute(id), enabled: !!q.data?.dispute });
  const [paying, setPaying] = useState(false);
  const receipt = useMutation({ mutationFn: () => api<MarketTradeDto>(`/market/trade/${id}/receipt`, { body: {} }), onSuccess: refresh });
  const [reason, setReason] = useState('');
  const [opening, setOpening] = useState(false);
  const open = useMutation({
    mutationFn: () => api<MarketDisputeDto>(`/market/trade/${id}/dispute`, { body: { reason } }),
    onSuccess: () => { setOpening(false); setReason(''); refresh(); void qc.invalidateQueries({ queryKey: ['market', 'dispute', id] }); },
  });
  const send = useMutation({
    mutationFn: (body: string) => api<MarketDisputeDto>(`/market/trade/${id}/dispute/message`, { body: { body } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['market', 'dispute', id] }),
  });
  if (q.isPending) return <TableSkeleton rows={4} />;
  if (q.isError) return <ErrorBlock message={marketError(q.error)} onRetry={() => void q.refetch()} />;
  const t = q.data;
  const ended = ENDED.includes(t.status);
  const awaitingBuyer = t.status === 'paying' && t.pay_method == null;
  const crediting = t.steps.some((s) => s.step === 'credit');
  const canDispute = !t.dispute && DISPUTABLE.includes(t.status) && !crediting;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/sales" size="sm">← 売上管理・取引一覧</Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={t.status === 'completed' ? 'teal' : ended ? 'gray' : 'blue'} data-testid="trade-status">{awaitingBuyer ? 'お支払い待ち' : TRADE_STATUS_LABELS[t.status]}</Badge>
            {t.dispute?.status === 'open' ? <Badge variant="light" color="orange">異議申し立て中</Badge> : null}
            <Text size="sm" c="dimmed">取引番号 {t.id} ・ {t.role === 'buyer' ? '購入' : '売却'}</Text>
            {!ended && !awaitingBuyer && t.status !== 'moved' && t.dispute?.status !== 'open' ? <Loader size="xs" aria-label="処理中" /> : null}
          </Group>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>{t.domain}</Title>
          <Text>価格 <b>{yen(t.price)}</b>{t.role === 'seller' ? `（手数料 ${yen(t.commission)}・売上 ${yen(t.payout)}）` : ''}</Text>
          {t.role === 'buyer' && t.pay_method && t.pay_method !== 'points' ? (
            <Text size="sm" data-testid="trade-payment">お支払い: {PAY_METHOD_LABELS[t.pay_method]} {yen(t.charge ?? 0)}{t.points_used ? ` ＋ ${PRODUCT.pointName} ${t.points_used.toLocaleString('ja-JP')}${PRODUCT.pointUnit}` : ''}</Text>
          ) : null}
          {t.status === 'paying' && t.pay_method == null ? (
            t.role === 'buyer' ? (
              <Alert color="blue" variant="light" title="オファーが承諾されました。お支払いください" data-testid="offer-pay">
                <Stack gap="xs">
                  <Text size="sm">{dateTimeJst(t.pay_due_at)} までにお支払いください。保有ポイントを先に使い、不足分はクレジットカードまたはウォレットでお支払いいただけます。期限を過ぎると取引は取り消されます。</Text>
                  <Button onClick={() => setPaying(true)} style={{ alignSelf: 'flex-start' }}>{yen(t.price)}を支払う</Button>
                </Stack>
              </Alert>
            ) : (
              <Alert color="blue" variant="light" role="status">購入者のお支払いを待っています（期限 {dateTimeJst(t.pay_due_at)}）。期限までにお支払いがない場合、取引は取り消され、出品は掲載中に戻ります。</Alert>
            )
          ) : null}
          <TradeSteps t={t} />
          {t.status === 'moved' && t.role === 'buyer' && !crediting && t.dispute?.status !== 'open' ? (
            <Alert color="blue" variant="light" title="ドメインの受け取りを確認してください">
              <Stack gap="xs">
                <Text size="sm">ドメインはあなたのアカウントに移動しました。<Anchor component={Link} to="/mypage/domain">ドメイン管理</Anchor>で内容を確認し、問題がなければ受け取りを確認してください。{dateTimeJst(t.release_at)} を過ぎると自動で確認済みになり、代金が出品者へ支払われます。</Text>
                {receipt.isError ? <Text c="red.8" size="sm" role="alert">{marketError(receipt.error)}</Text> : null}
                <Button loading={receipt.isPending} onClick={() => receipt.mutate()} style={{ alignSelf: 'flex-start' }}>受け取りを確認する</Button>
              </Stack>
            </Alert>
          ) : null}
          {t.status === 'completed' ? (
            <Alert color="teal" variant="light" role="status">
              {t.role === 'buyer' ? <>取引が完了しました。ドメインは<Anchor component={Link} to="/mypage/domain">ドメイン管理</Anchor>に移動しています。</> : <>取引が完了し、売上 {yen(t.payout)} をポイントで付与しました。</>}
            </Alert>
          ) : null}
          {t.status === 'refunded' || t.status === 'cancelled' ? <Alert color="orange" variant="light" role="status">{t.status === 'refunded' ? '取引を取り消し、購入者へ全額返金しました。' : '取引は成立しませんでした。'}{t.error ? ` 理由: ${t.error}` : ''}</Alert> : null}
        </Stack>
      </Paper>
      {paying ? (
        <CheckoutModal opened title="お支払いの確認" domain={t.domain} price={t.price} confirmLabel="支払いを確定する" cardReturnTo={`/market/trade/${t.id}`}
          onClose={() => setPaying(false)}
          submit={(b) => api<MarketTradeDto>(`/market/trade/${t.id}/pay`, { body: b })}
          onFailed={refresh}
          onDone={() => { setPaying(false); refresh(); }} />
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="dispute-panel">
        <Stack gap="sm">
          <Title order={2} size="h4">異議申し立て</Title>
          {t.dispute ? (
            dispute.isPending ? <TableSkeleton rows={2} /> : dispute.isError ? <ErrorBlock message={marketError(dispute.error)} onRetry={() => void dispute.refetch()} /> : dispute.data ? (
              <DisputeThread d={dispute.data} onSend={(b) => send.mutate(b)} sending={send.isPending} error={send.isError ? marketError(send.error) : null} />
            ) : null
          ) : canDispute ? (
            opening ? (
              <Stack gap="xs">
                <Textarea label="申し立ての内容" description="何が問題かを具体的にご記入ください。運営が確認し、このページのメッセージでご連絡します。" autosize minRows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                {open.isError ? <Alert color="red" variant="light" role="alert">{marketError(open.error)}</Alert> : null}
                <Group gap="xs">
                  <Button color="orange" loading={open.isPending} disabled={!reason.trim()} onClick={() => open.mutate()}>申し立てる</Button>
                  <Button variant="default" disabled={open.isPending} onClick={() => setOpening(false)}>やめる</Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">代金のお預かり中（売上の計上前）は、購入者・出品者のどちらからでも異議を申し立てられます。申し立て中は取引を一時停止し、運営が確認のうえ、出品者への支払いまたは購入者への返金を決定します。</Text>
                <Button variant="light" color="orange" onClick={() => setOpening(true)} style={{ alignSelf: 'flex-start' }}>異議を申し立てる</Button>
              </Stack>
            )
          ) : (
            <Text size="sm" c="dimmed">{ended || crediting ? 'この取引は異議申し立ての受付期間（代金のお預かり中）を過ぎています。' : '代金のお預かり後に異議を申し立てられます。'}</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
