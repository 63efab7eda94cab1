import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { TransferItemDto, TransferRequestResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatPoints, formatYen, splitPayment } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { paymentQueries } from '../payments/payments.api';
import { RESULT_KEY, StoredTransferResult, transferQueries } from './transfer.api';
import { usePageTitle } from '../../lib/page-title';
import { TERMS_URL } from '../../layout/site-map';
import { consentErrorMessages, recordConsent } from '../help/help.api';
import { HelpLink } from '../help/help-link';

const SESSION_KEY = (holdId: string) => `transferin.session.${holdId}`;
const price = (n: number) => (n === 0 ? '無料' : formatYen(n));

/**
 * /mypage/transferin/confirm?holdId= (000 §2, §4, §5): the checked list with an AUTHCODE per domain, prices and
 * errors; terms and payment (points, or a card buys the shortfall first through POST mypage/point/domain/transfer/session);
 * then POST mypage/transferin/request and the result page. After a card payment that needed the card's own page, the
 * browser comes back with paymentResult=success and the request runs once by itself.
 */
export function TransferConfirmPage({ holdId, paymentResult, cardRegistration }: { holdId: string; paymentResult?: string; cardRegistration?: boolean }) {
  usePageTitle('ドメイン移管の確認');
  const navigate = useNavigate();
  const hold = useQuery(transferQueries.hold(holdId));
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [agreed, setAgreed] = useState(false);
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [cardFailed, setCardFailed] = useState<string[] | null>(null);
  const [running, setRunning] = useState(false);
  const key = useRef(crypto.randomUUID());
  const autoRan = useRef(false);

  const items = hold.data?.transfers ?? [];
  const sendable = items.filter((i) => !i.error_msg);
  const codeOf = (i: TransferItemDto) => (codes[i.domain_name] ?? i.authcode ?? '').trim();
  const total = sendable.reduce((s, i) => s + i.point, 0);
  const balance = hold.data?.user.point ?? 0;
  const split = splitPayment(total, balance);
  const needsCard = split.cardCharge > 0;
  const cards = useQuery({ ...paymentQueries.cards(), enabled: needsCard });
  const selectedCard = cardId ?? cards.data?.cards[0]?.id ?? null;

  async function send(payment: { type: 'point' | 'card'; sessionId?: string }, quiet = false) {
    const body = { holdId, transfers: sendable.map((i) => ({ domain_name: i.domain_name, authcode: codeOf(i), point: i.point })), totalPoint: total, point: payment.type === 'card' ? split.cardCharge : 0, payment, idempotencyKey: key.current };
    try {
      const r = await api<TransferRequestResult>('/mypage/transferin/request', { body, timeoutMs: 3_600_000 });
      if (!r.domains.length && r.errors.length) {
        if (quiet) console.warn('transfer-in after the card payment:', r.errors);
        else setErrors(r.errors);
        return;
      }
      sessionStorage.setItem(RESULT_KEY, JSON.stringify({ domains: r.domains, errors: r.errors } satisfies StoredTransferResult));
      sessionStorage.removeItem(SESSION_KEY(holdId));
      await navigate({ to: '/mypage/transferin/result', replace: true });
    } catch (e) {
      if (quiet) { console.warn('transfer-in after the card payment failed', e); return; }
      // the call failed: back to the entry page (000 §7) with the names
      const names = items.map((i) => (codeOf(i) ? `${i.domain_name},${codeOf(i)}` : i.domain_name)).join('\n');
      const msg = e instanceof ApiError ? ((e.body as { errors?: string[]; message?: string } | null)?.errors?.[0] ?? M.unexpectedError) : M.unexpectedError;
      await navigate({ to: '/mypage/transferin', search: { errorMessage: msg, domainNames: names } });
    }
  }

  // back from the card's own page: the request runs once by itself (its errors only logged, 000 §4)
  useEffect(() => {
    if (autoRan.current || paymentResult !== 'success' || !hold.data) return;
    const sessionId = sessionStorage.getItem(SESSION_KEY(holdId));
    if (!sessionId) return;
    autoRan.current = true;
    setRunning(true);
    void send({ type: 'card', sessionId }, true).finally(() => setRunning(false));
  }, [paymentResult, hold.data]);

  async function submit() {
    const lacking = sendable.filter((i) => !codeOf(i)).map((i) => i.domain_name);
    const found: string[] = [];
    if (!sendable.length) found.push(M.transferHoldGone);
    if (!agreed) found.push(M.agreeTerms);
    if (needsCard && !selectedCard) found.push(M.selectCard);
    setMissing(lacking);
    setErrors(found);
    if (found.length || lacking.length) return;
    setRunning(true);
    setCardFailed(null);
    // the ticked 「利用規約に同意する」 is recorded (document, version, time) before anything is paid
    try {
      await recordConsent('transfer');
    } catch (e) {
      setErrors(consentErrorMessages(e));
      setRunning(false);
      return;
    }
    try {
      if (!needsCard) return await send({ type: 'point' });
      await api('/mypage/transferin/confirm/hold', { body: { holdId, transfers: sendable.map((i) => ({ domain_name: i.domain_name, authcode: codeOf(i) })) } });
      const s = await api<{ result: boolean; sessionId: string | null; status?: string; errors?: string[]; authUrl?: string }>('/mypage/point/domain/transfer/session', {
        body: { stripeCardId: selectedCard, amount: split.cardCharge, redirect_url: `/mypage/transferin/confirm?holdId=${holdId}&paymentResult=success` },
      });
      if (s.result && s.sessionId && s.status === 'paid') return await send({ type: 'card', sessionId: s.sessionId });
      if (s.authUrl && s.sessionId) {
        sessionStorage.setItem(SESSION_KEY(holdId), s.sessionId);
        window.location.assign(s.authUrl);
        return;
      }
      setCardFailed(s.errors?.length ? s.errors : [M.unexpectedError]);
    } catch (e) {
      setCardFailed(e instanceof ApiError ? ((e.body as { errors?: string[] } | null)?.errors ?? [M.unexpectedError]) : [M.unexpectedError]);
    } finally {
      setRunning(false);
    }
  }

  if (hold.isPending) return <Group justify="center" p="xl"><Loader role="status" aria-label="読み込み中" /></Group>;
  if (hold.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">ドメイン移管の確認</Title>
        <Alert color="red" role="alert">{M.transferHoldGone}</Alert>
        <Group><Anchor href="/mypage/transferin">移管するドメインを入力する</Anchor></Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">ドメイン移管の確認</Title>
      {cardRegistration ? <Alert color="green" variant="light">カードを登録しました。</Alert> : null}
      {running && paymentResult === 'success' ? <Alert color="blue" variant="light">移管を申請しています…</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        <Table.ScrollContainer minWidth={300} type="native">
          <Table layout="fixed" data-testid="transfer-items">
            <Table.Thead><Table.Tr><Table.Th w="38%">ドメイン名</Table.Th><Table.Th>AUTHCODE</Table.Th><Table.Th w="22%" ta="right">料金</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={i.domain_name} data-testid={`transfer-item-${i.domain_name}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm">{i.idn}</Text>
                    {i.idn !== i.domain_name ? <Text size="xs" c="dimmed">{i.domain_name}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    {i.error_msg ? <Text size="sm" c="red.8">{i.error_msg}</Text> : (
                      <TextInput size="xs" aria-label={`${i.domain_name}のAUTHCODE`} value={codes[i.domain_name] ?? i.authcode ?? ''} disabled={running}
                        onChange={(e) => { const v = e.currentTarget.value; setCodes((c) => ({ ...c, [i.domain_name]: v })); }}
                        error={missing.includes(i.domain_name) && !codeOf(i) ? M.authcodeMissing : undefined} />
                    )}
                  </Table.Td>
                  <Table.Td ta="right"><Text size="sm">{i.error_msg ? '-' : price(i.point)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Stack gap={2}>
        <Group justify="space-between"><Text size="sm">合計（税込）</Text><Text fw={700} data-testid="transfer-total">{price(total)}</Text></Group>
        <Group justify="space-between"><Text size="sm">ご利用ポイント</Text><Text size="sm">{formatPoints(split.pointsUsed)}（保有 {formatPoints(balance)}）</Text></Group>
        {needsCard ? <Group justify="space-between"><Text size="sm">カード決済額</Text><Text size="sm" data-testid="transfer-card-charge">{formatYen(split.cardCharge)}</Text></Group> : null}
      </Stack>
      <Text size="xs" c="dimmed">移管が完了すると有効期限が1年延長されます（.JPは移管日から1年）。移管元の事業者が承認しない場合、5日後に自動的に承認されます。拒否された場合はポイントを返還します。</Text>
      <Checkbox label={<>「<Anchor href={TERMS_URL} target="_blank">利用規約</Anchor>に同意する」</>} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} disabled={running} data-testid="transfer-terms" />
      {needsCard ? (
        <Stack gap="xs">
          {split.minimumApplied ? <Alert color="blue" variant="light">カード決済の最低金額は50円のため、{formatYen(split.cardCharge)}を決済し、差額の{formatPoints(split.surplusPoints)}はポイントとして付与されます。</Alert> : null}
          {cards.data && cards.data.cards.length === 0 ? (
            <Text size="sm" c="dimmed">登録済みのカードがありません。<Anchor href={`/mypage/stripe?redirect_url=${encodeURIComponent(`/mypage/transferin/confirm?holdId=${holdId}&cardRegistration=true`)}`}>カードを登録する</Anchor></Text>
          ) : (
            <Select label="お支払いカード" data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: c.cardInfoText }))} value={selectedCard} onChange={setCardId} disabled={running || cards.isPending} data-testid="transfer-card" />
          )}
          {cardFailed ? <Alert color="red" variant="light" title={M.cardSessionFailed} role="alert">{cardFailed.map((m) => <Text key={m} size="sm">{m}</Text>)}</Alert> : null}
        </Stack>
      ) : null}
      {errors.length ? <Alert color="red" role="alert" data-testid="transfer-errors">{errors.map((m) => <Text key={m} size="sm">{m}</Text>)}<HelpLink topic="transferIn" label="移管の手順と条件" /></Alert> : null}
      <Group justify="space-between">
        <Anchor href="/mypage/transferin" size="sm">入力に戻る</Anchor>
        <Button onClick={() => void submit()} loading={running} disabled={!sendable.length} data-testid="transfer-submit">
          {needsCard ? `カードで${formatYen(split.cardCharge)}を支払い移管を申請する` : '移管を申請する'}
        </Button>
      </Group>
    </Stack>
  );
}
