import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NativeSelect, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { OrdersHttpPaths, type CreatePaymentSessionResult, type CreateWalletSessionResult, type PaymentSessionDto, type RenewQuoteDto, type RenewReadyResult, type RenewResult, type RenewResultRow } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { bulkPeriodApplies, formatPoints, formatYen, renewalCountError, renewalPrice, renewedExpiry, splitPayment } from '@registrar/rules';
import { api, ApiError } from '../../../lib/api';
import { snackbar } from '../../../lib/snackbar';
import { paymentQueries } from '../../payments/payments.api';
import type { DomainOperation, DomainOperationModalProps } from './operation-entry';
import { clearRenewal, saveRenewal, savedRenewalFor } from './renew-session';
import { TERMS_URL } from '../../../layout/site-map';
import { consentErrorMessages, recordConsent } from '../../help/help.api';
import { HelpLink } from '../../help/help-link';

/** Long timeout for renewal (000 §9). */
const RENEW_TIMEOUT_MS = 3_600_000;
/** where the card's authentication and the wallet's page send the browser back (the list reopens this modal) */
const RENEW_RETURN_URL = '/mypage/domain?action=renewDomain';
const rp = (n: number) => formatPoints(n);

function errorsOf(e: unknown): string[] {
  if (e instanceof ApiError) {
    const b = e.body as { errors?: string[]; message?: string } | undefined;
    if (b?.errors?.length) return b.errors;
    if (b?.message) return [b.message];
  }
  return [M.unexpectedError];
}

/** The price of one row at the chosen period (0 for rows that are not sent: out of period, pending, provisional). */
const rowPrice = (d: RenewQuoteDto, years: number) => (d.error ? 0 : renewalPrice(d.window, d, years));

/**
 * The renewal modal (000 §2 "Renewal modal", §4): loading → update → showResult. Years per domain (and for all at once
 * when several are chosen), the auto-renew option, terms, and the payment: points when they cover the total, else the
 * card buys the shortfall first (50-yen rule) through POST mypage/point/domain/renew/session.
 */
export function RenewModal({ domains, onClose, setBusy }: DomainOperationModalProps) {
  const ids = domains.map((d) => d.id);
  const queryClient = useQueryClient();
  // back from the card or wallet pages: the renewal as it was left, and the payment's outcome
  const [resume] = useState(() => savedRenewalFor(ids));
  const ready = useQuery({
    queryKey: ['renewal', 'ready', ids] as const,
    queryFn: ({ signal }) => api<RenewReadyResult>('/mypage/domain/ready', { body: { domainIds: ids }, signal }),
    staleTime: 0,
  });
  const [years, setYears] = useState<Record<number, number>>(resume?.years ?? {});
  const [allYears, setAllYears] = useState<string>(resume?.allYears ?? '');
  const [withAutoUpdate, setWithAutoUpdate] = useState(resume?.withAutoUpdate ?? false);
  const [agreed, setAgreed] = useState(resume?.agreed ?? false);
  const [tab, setTab] = useState<'card' | 'wallet'>(resume?.tab ?? 'card');
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [cardFailed, setCardFailed] = useState<string[] | null>(resume?.payment?.result === 'failed' ? [M.cardAuthenticationFailed] : null);
  const [result, setResult] = useState<RenewResultRow[] | null>(null);
  const [running, setRunning] = useState(false);
  const [completing, setCompleting] = useState(resume?.payment?.result === 'success');
  const key = useRef(crypto.randomUUID());
  const resumed = useRef(false);

  const rows = ready.data?.domains ?? [];
  const yearsOf = (d: RenewQuoteDto) => years[d.id] ?? d.period_options[0] ?? 1;
  const total = rows.reduce((s, d) => s + rowPrice(d, yearsOf(d)), 0);
  const balance = ready.data?.user.point ?? 0;
  const split = splitPayment(total, balance);
  const sendable = rows.filter((d) => !d.error);
  // more domains than one renewal takes: said before pay is pressed, pay stays disabled (the server refuses them too)
  const tooMany = renewalCountError(domains.length);
  const canPay = sendable.length > 0 && !tooMany;
  const needsCard = split.cardCharge > 0;
  const cards = useQuery({ ...paymentQueries.cards(), enabled: needsCard });
  const selectedCard = cardId ?? cards.data?.cards[0]?.id ?? null;
  const allOptions = useMemo(() => [...new Set(rows.filter((d) => !d.expired && !d.error).flatMap((d) => d.period_options))].sort((a, b) => a - b), [rows]);
  const renewDomains = () => sendable.map((d) => ({ name: d.punycode, period: yearsOf(d) }));
  /** keeps the renewal for the return (card registration, 3-D Secure, the wallet's page) */
  const leave = () => saveRenewal({ domainIds: ids, years: Object.fromEntries(sendable.map((d) => [d.id, yearsOf(d)])), allYears, withAutoUpdate, agreed, tab, payment: null });

  function changeAll(v: string) {
    setAllYears(v);
    const y = Number(v);
    if (!y) return;
    // the all-domains change applies only to non-expired rows where the value is allowed (000 §5 "Renewal")
    setYears((old) => {
      const next = { ...old };
      for (const d of rows) if (!d.expired && !d.error && bulkPeriodApplies(y, d.name, d) && d.period_options.includes(y)) next[d.id] = y;
      return next;
    });
  }

  /** POST mypage/domain/renew with the points (and the paid session, when a card or the wallet bought the shortfall). */
  async function renewWith(payment: { type: 'point' | 'card' | 'wallet'; sessionId?: string }, idempotencyKey: string) {
    const body = { domains: renewDomains(), withAutoUpdate, point: Math.min(balance, total), totalFee: total, idempotencyKey, payment };
    const r = await api<RenewResult>('/mypage/domain/renew', { body, timeoutMs: RENEW_TIMEOUT_MS });
    if (!r.data.length && r.errors.length) setErrors(r.errors);
    else setResult(r.data);
    void queryClient.invalidateQueries({ queryKey: ['points'] });
  }
  const failedRows = (): RenewResultRow[] => sendable.map((d) => ({ id: d.id, domain_id: null, name: d.name, years: yearsOf(d), available_period: null, code: 2 as const, error_msg: M.unexpectedError, restore: false, point: 0, auto_renew: null }));

  // the payment succeeded on the provider's page: complete the renewal with that session (its key: a reload finds the same renewal)
  useEffect(() => {
    if (resumed.current || !ready.isSuccess) return;
    resumed.current = true;
    clearRenewal();
    const p = resume?.payment;
    if (p?.result !== 'success') return;
    setRunning(true);
    setBusy(true);
    void (async () => {
      try {
        const s = await api<PaymentSessionDto>(`${OrdersHttpPaths.paymentSession}/${encodeURIComponent(p.sessionId)}`).catch(() => null);
        if (!s) {
          // not a session of this member (a stale or edited return address): the toast, the modal as it was (000 §4)
          snackbar(M.unexpectedErrorOccurred, { color: 'red' });
          return;
        }
        if (s.status !== 'paid' && s.status !== 'used') {
          setCardFailed(s.error ? [s.error] : [M.cardAuthenticationFailed]);
          return;
        }
        await renewWith({ type: s.provider === 'wallet' ? 'wallet' : 'card', sessionId: p.sessionId }, `session:${p.sessionId}`);
      } catch {
        // the payment went through; the renewal call failed: the pending rows become '予期せぬエラー' (000 §7)
        setResult(failedRows());
      } finally {
        setCompleting(false);
        setRunning(false);
        setBusy(false);
      }
    })();
  }, [ready.isSuccess]); // once, when the rows are known

  async function submit(type: 'point' | 'card' | 'wallet') {
    const found: string[] = [];
    if (!agreed) found.push(type === 'wallet' ? M.agreeTermsWallet : M.agreeTerms);
    if (type === 'card' && !selectedCard) found.push(M.selectCard);
    if (!sendable.length) found.push(M.outOfPeriodDomain);
    if (tooMany) found.push(tooMany);
    setErrors(found);
    if (found.length) return;
    setRunning(true);
    setBusy(true);
    setCardFailed(null);
    // the ticked 「利用規約に同意する」 is recorded (document, version, time) before anything is paid
    try {
      await recordConsent('renewal');
    } catch (e) {
      setErrors(consentErrorMessages(e));
      setRunning(false);
      setBusy(false);
      return;
    }
    const sessionBody = {
      domains: sendable.map((d) => ({ name: d.punycode, point: rowPrice(d, yearsOf(d)), period: yearsOf(d) })),
      resultRenewDomains: renewDomains(), withAutoUpdate, allUpdateDuration: Number(allYears) || undefined, redirect_url: RENEW_RETURN_URL,
    };
    try {
      if (type === 'point') {
        await renewWith({ type: 'point' }, key.current);
      } else if (type === 'wallet') {
        const w = await api<CreateWalletSessionResult>(OrdersHttpPaths.renewWalletSessionCreate, { body: { ...sessionBody, amount: split.shortfall } }).catch((e: unknown) => {
          setErrors(errorsOf(e));
          return null;
        });
        if (!w) return;
        if (w.result && w.approveUrl) {
          leave();
          window.location.assign(w.approveUrl);
          return;
        }
        setErrors(w.errors?.length ? w.errors : [M.unexpectedError]);
      } else {
        // the card step: its failure is the card failure heading with the server's errors (000 §8)
        const s = await api<CreatePaymentSessionResult & { authUrl?: string }>(OrdersHttpPaths.renewSessionCreate, { body: { ...sessionBody, amount: split.cardCharge, stripeCardId: selectedCard } }).catch((e: unknown) => {
          setCardFailed(errorsOf(e));
          return null;
        });
        if (!s) return;
        if (s.result && s.sessionId && s.status === 'paid') {
          await renewWith({ type: 'card', sessionId: s.sessionId }, `session:${s.sessionId}`);
        } else if (s.authUrl) {
          // 3-D Secure: the card's page, then back to the list, which reopens this renewal and completes it
          leave();
          window.location.assign(s.authUrl);
          return;
        } else setCardFailed(s.errors?.length ? s.errors : [M.unexpectedError]);
      }
    } catch {
      // the renewal call failed (after the card or wallet paid, or with points only): the pending rows become '予期せぬエラー' (000 §7)
      setResult(failedRows());
    } finally {
      setRunning(false);
      setBusy(false);
    }
  }

  if (completing) {
    return <Group justify="center" py="lg" data-testid="renew-completing"><Loader size="sm" /><Text size="sm">お支払いを確認し、更新手続きを行っています…</Text></Group>;
  }
  if (ready.isPending) {
    return <Group justify="center" py="lg" data-testid="renew-loading"><Loader size="sm" /><Text size="sm">読み込み中…</Text></Group>;
  }
  if (ready.isError) {
    return (
      <Stack>
        <Alert color="red">{M.errorOccurred}</Alert>
        <Group justify="flex-end"><Button variant="default" onClick={() => void ready.refetch()}>再読み込み</Button></Group>
      </Stack>
    );
  }

  if (result) {
    return (
      <Stack data-testid="renew-result">
        <Table.ScrollContainer minWidth={300} type="native">
          <Table striped withTableBorder layout="fixed">
            <Table.Thead><Table.Tr><Table.Th style={{ width: '45%' }}>ドメイン</Table.Th><Table.Th>結果</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {result.map((r) => (
                <Table.Tr key={`${r.id}-${r.name}`} data-testid={`renew-row-${r.id}`} data-code={r.code}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.name}</Table.Td>
                  <Table.Td>
                    {r.code === 0 ? (
                      <Text size="sm" c="green.8">◯ 更新完了（{r.years}年{r.restore ? '・復旧' : ''}）{r.available_period ? ` 新しい有効期限 ${r.available_period}` : ''}</Text>
                    ) : r.code === 1 ? (
                      <Text size="sm">{M.renewAccepted}</Text>
                    ) : (
                      <Text size="sm" c="red.8">✕ {r.error_msg ?? M.unexpectedError}</Text>
                    )}
                    {r.auto_renew !== null || withAutoUpdate ? (
                      <Text size="xs" mt={2} c={r.auto_renew ? (r.code === 0 ? 'green.8' : undefined) : 'red.8'} data-testid="renew-row-auto">
                        {r.auto_renew ? (r.code === 0 ? M.renewAutoRenewOn : M.renewAutoRenewLater) : M.renewAutoRenewFailed}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: ids })}>閉じる</Button></Group>
      </Stack>
    );
  }

  return (
    <Stack data-testid="renew-update">
      {tooMany ? <Alert color="red" role="alert" data-testid="renew-too-many">{tooMany}</Alert> : null}
      {rows.length > 1 && allOptions.length ? (
        <NativeSelect label="まとめて年数を変更" data={[{ value: '', label: '選択してください' }, ...allOptions.map((y) => ({ value: String(y), label: `${y}年` }))]} value={allYears}
          onChange={(e) => changeAll(e.currentTarget.value)} disabled={running} data-testid="renew-all-years" />
      ) : null}
      <Table.ScrollContainer minWidth={300} type="native">
        <Table withTableBorder layout="fixed" data-testid="renew-rows">
          <Table.Thead><Table.Tr><Table.Th style={{ width: '44%' }}>ドメイン</Table.Th><Table.Th>年数</Table.Th><Table.Th ta="right">料金</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-testid={`renew-domain-${d.id}`}>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Text size="sm">{d.name}</Text>
                  <Text size="xs" c="dimmed">有効期限 {d.due_date ?? '-'}</Text>
                  {!d.error && renewedExpiry(d.due_date, yearsOf(d)) ? (
                    <Text size="xs" fw={600} data-testid={`renew-new-expiry-${d.id}`}>更新後の有効期限 {renewedExpiry(d.due_date, yearsOf(d))}</Text>
                  ) : null}
                  {d.window === 'restore' && !d.error ? <Badge size="xs" color="orange" variant="light">復旧</Badge> : null}
                  {running && !d.error ? (
                    <Group gap={4} mt={2} data-testid={`renew-row-loading-${d.id}`}><Loader size={12} /><Text size="xs">更新処理中…</Text></Group>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {d.error ? <Text size="sm" c={d.pending ? undefined : 'red.8'}>{d.error}</Text> : (
                    <NativeSelect aria-label={`${d.name}の更新年数`} data={d.period_options.map((y) => ({ value: String(y), label: `${y}年` }))} value={String(yearsOf(d))}
                      onChange={(e) => setYears((o) => ({ ...o, [d.id]: Number(e.currentTarget.value) }))} disabled={running || d.expired} data-testid={`renew-years-${d.id}`} />
                  )}
                </Table.Td>
                <Table.Td ta="right"><Text size="sm">{formatYen(rowPrice(d, yearsOf(d)))}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2}>
        <Group justify="space-between"><Text size="sm">合計（税込）</Text><Text fw={700} data-testid="renew-total">{formatYen(total)}</Text></Group>
        <Group justify="space-between"><Text size="sm">ご利用ポイント</Text><Text size="sm">{rp(split.pointsUsed)}（保有 {rp(balance)}）</Text></Group>
        {needsCard ? <Group justify="space-between"><Text size="sm">カード決済額</Text><Text size="sm" data-testid="renew-card-charge">{formatYen(split.cardCharge)}</Text></Group> : null}
      </Stack>
      <Checkbox label="有効期限の30日以内に自動更新する" checked={withAutoUpdate} onChange={(e) => setWithAutoUpdate(e.currentTarget.checked)} disabled={running} data-testid="renew-auto" />
      <Checkbox label={<>「<Anchor href={TERMS_URL} target="_blank">利用規約</Anchor>に同意する」</>} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} disabled={running} data-testid="renew-terms" />
      {errors.length ? <Alert color="red" role="alert" data-testid="renew-errors">{errors.map((m) => <Text key={m} size="sm">{m}</Text>)}<HelpLink topic="renewal" label="更新の手順と更新できない理由" /></Alert> : null}
      {needsCard ? (
        <Tabs value={tab} onChange={(v) => setTab(v === 'wallet' ? 'wallet' : 'card')} data-testid="renew-payment">
          <Tabs.List>
            <Tabs.Tab value="card" data-testid="renew-tab-card">クレジットカード</Tabs.Tab>
            <Tabs.Tab value="wallet" data-testid="renew-tab-wallet">PayPal</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="card" pt="sm">
            <Stack gap="xs">
              {split.minimumApplied ? <Alert color="blue" variant="light" data-testid="renew-minimum">カード決済の最低金額は50円のため、{formatYen(split.cardCharge)}を決済し、差額の{rp(split.surplusPoints)}はポイントとして付与されます。</Alert> : null}
              {cards.isError ? <Alert color="red" variant="light">{M.errorOccurred}</Alert> : cards.data && cards.data.cards.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="renew-no-cards">登録済みのカードがありません。</Text>
              ) : (
                <Select label="お支払いカード" data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: c.cardInfoText }))} value={selectedCard} onChange={setCardId} allowDeselect={false} disabled={running || cards.isPending} data-testid="renew-card" />
              )}
              <Anchor size="sm" href={`/mypage/stripe?redirect_url=${encodeURIComponent(`${RENEW_RETURN_URL}&cardRegistration=true`)}`} onClick={leave} data-testid="renew-card-register">カードを登録する</Anchor>
              {cardFailed ? <Alert color="red" variant="light" title={M.cardSessionFailed} role="alert" data-testid="renew-card-failed">{cardFailed.map((m) => <Text key={m} size="sm">{m}</Text>)}</Alert> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => onClose()} disabled={running}>キャンセル</Button>
                <Button onClick={() => void submit('card')} loading={running} disabled={!canPay} data-testid="renew-submit">カードで{formatYen(split.cardCharge)}を支払い更新する</Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="wallet" pt="sm">
            <Stack gap="xs">
              <Text size="sm">PayPalで不足分の{formatYen(split.shortfall)}のポイントを購入し、そのまま更新手続きを行います。</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => onClose()} disabled={running}>キャンセル</Button>
                <Button color="yellow" c="dark" onClick={() => void submit('wallet')} loading={running} disabled={!canPay} data-testid="renew-wallet-submit">PayPalで支払い更新する</Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()} disabled={running}>キャンセル</Button>
          <Button onClick={() => void submit('point')} loading={running} disabled={!canPay} data-testid="renew-submit">ポイントで更新する</Button>
        </Group>
      )}
    </Stack>
  );
}

export const renewOperation: DomainOperation = { id: 1, label: '更新', title: 'ドメイン更新', Modal: RenewModal };
