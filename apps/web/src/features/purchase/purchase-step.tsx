import { Alert, Anchor, Badge, Button, Checkbox, Group, List, NativeSelect, NumberInput, Paper, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { CreateDomainItem, CreateDomainsRequest, CreateDomainsResult, PaymentType } from '@registrar/contracts';
import { fmt, M, PRODUCT } from '@registrar/messages';
import { bulkPeriodApplies, formatPoints, formatYen, MAX_DOMAINS_PER_PURCHASE, MAX_REGISTRATION_YEARS, needsPrereq as isCoJp, splitPayment } from '@registrar/rules';
import { ErrorBlock, IdnMarker, PriceCell, TableSkeleton } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { paymentQueries } from '../payments/payments.api';
import { JpWhoisModal } from '../whois/jp-whois-modal';
import { createBankTransfer, createCardSession, createDomains, createWalletSession, purchaseQueries } from './purchase.api';
import { chosenPeriods } from '../search/chosen-periods';
import { buildRows, policyOf, priceErrors, toCreateItems, type PurchaseDomain, type PurchaseRow } from './purchase-rows';
import { savePurchase } from './purchase-storage';
import { TERMS_URL } from '../../layout/site-map';
import { consentErrorMessages, recordConsent } from '../help/help.api';
import { HelpLink } from '../help/help-link';

const rp = (n: number) => formatPoints(n, PRODUCT.pointUnit);
const errorsOf = (e: unknown): string[] => {
  const body = e instanceof ApiError ? (e.body as { errors?: unknown; message?: unknown } | null) : null;
  if (Array.isArray(body?.errors)) return body.errors.map(String);
  if (typeof body?.message === 'string') return [body.message];
  return [M.unexpectedError];
};

/** Sends the order; answers the order id, or the page errors. */
export async function startOrder(items: CreateDomainItem[], payment: CreateDomainsRequest['payment'], idempotencyKey: string): Promise<{ result: CreateDomainsResult | null; errors: string[] }> {
  const totalFee = items.reduce((s, r) => s + r.point, 0);
  try {
    const result = await createDomains({ domains: items, totalFee, point: totalFee, payment, idempotencyKey });
    if (result.result && result.orderId) return { result, errors: [] };
    const perDomain = (result.domains ?? []).filter((d) => d.error_msg).map((d) => `${d.domain_name}: ${d.error_msg}`);
    return { result: null, errors: result.errors?.length ? result.errors : perDomain.length ? perDomain : [M.unexpectedError] };
  } catch (e) {
    return { result: null, errors: errorsOf(e) };
  }
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The purchase step (000 §2 "Domain purchase screen", §5, §9): one row per domain with its name (IDN and punycode),
 * period, first-year and renewal price and total in points; the all-periods selector; the .co.jp WHOIS registration;
 * the terms; and the payment — points when they cover the total, otherwise card, wallet or bank transfer.
 */
export function PurchaseStep(props: {
  domains: PurchaseDomain[];
  prereqDone?: string[];
  /** errors carried in (a failed card return) */
  initialErrors?: string[];
  onBack: () => void;
  onStarted: (result: CreateDomainsResult) => void;
}) {
  const { domains, onBack, onStarted } = props;
  const queryClient = useQueryClient();
  const names = useMemo(() => domains.map((d) => d.name), [domains]);
  const estimate = useQuery(purchaseQueries.estimate(names));
  const points = useQuery(purchaseQueries.points());
  // the periods chosen in the search rows carry over; the selectors here change them
  const [periods, setPeriods] = useState<Record<string, number>>(() => chosenPeriods());
  const [allPeriod, setAllPeriod] = useState<string>('');
  const [agreed, setAgreed] = useState(false);
  const [tab, setTab] = useState<string>('card');
  const [cardId, setCardId] = useState<string | null>(null);
  const [prereqDone, setPrereqDone] = useState<Set<string>>(() => new Set(props.prereqDone ?? []));
  const [jpModal, setJpModal] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>(props.initialErrors ?? []);
  const [cardFailed, setCardFailed] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [bank, setBank] = useState<{ amount: number; reference?: string; error?: string }>({ amount: 0 });
  const submitKey = useRef<string | null>(null);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const rows = buildRows(domains, estimate.data, periods);
  const pricesWrong = estimate.isSuccess || estimate.isError ? priceErrors(rows, estimate.isError) : [];
  const total = rows.reduce((s, r) => s + r.point, 0);
  const balance = points.data ?? 0;
  const split = splitPayment(total, balance);
  const needsPayment = split.shortfall > 0;
  const cards = useQuery({ ...paymentQueries.cards(), enabled: needsPayment });
  const selectedCard = cardId ?? cards.data?.cards[0]?.id ?? null;
  const coJpPending = rows.filter((r) => isCoJp(r.name) && !prereqDone.has(r.name));
  const tooMany = rows.length > MAX_DOMAINS_PER_PURCHASE ? [fmt(M.tooManyDomains, { max: MAX_DOMAINS_PER_PURCHASE })] : [];
  const blocked = busy || !estimate.isSuccess || !points.isSuccess || pricesWrong.length > 0 || tooMany.length > 0 || coJpPending.length > 0 || rows.length === 0;

  const save = () => savePurchase({ domains: rows.map((r) => ({ name: r.name, punycode: r.punycode, period: r.period })), prereqDone: [...prereqDone] });

  const applyAll = (v: string) => {
    setAllPeriod(v);
    const years = Number(v);
    if (!years) return;
    setPeriods((p) => {
      const next = { ...p };
      for (const r of rows) if (r.estimate && !r.estimate.error && bulkPeriodApplies(years, r.punycode, policyOf(r.estimate))) next[r.punycode] = years;
      return next;
    });
  };

  const check = (): string[] => {
    const out = [...pricesWrong];
    if (!agreed) out.push(M.agreeTerms);
    if (coJpPending.length) out.push(`WHOIS情報が未登録の.co.jpドメインがあります（${coJpPending.map((r) => r.name).join('、')}）`);
    return out;
  };

  const finish = async (payment: CreateDomainsRequest['payment'], key: string) => {
    const r = await startOrder(toCreateItems(rows), payment, key);
    if (r.result) {
      void queryClient.invalidateQueries({ queryKey: ['points'] });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      onStarted(r.result);
      return;
    }
    setErrors(r.errors);
  };

  const run = async (type: PaymentType) => {
    const found = check();
    if (type === 'card' && !selectedCard) found.push(M.selectCard);
    setErrors(found);
    setCardFailed(null);
    if (found.length) return;
    setBusy(true);
    // the ticked 「利用規約に同意する」 is recorded (document, version, time) before anything is paid
    try {
      await recordConsent('checkout');
    } catch (e) {
      setErrors(consentErrorMessages(e));
      setBusy(false);
      return;
    }
    submitKey.current ??= newKey();
    try {
      if (type === 'point') {
        await finish({ type: 'point' }, submitKey.current);
        return;
      }
      save();
      const payDomains = rows.map((r) => ({ name: r.name, point: r.point, period: r.period }));
      if (type === 'card') {
        const s = await createCardSession(payDomains, split.cardCharge, selectedCard!);
        if (s.result && s.sessionId && s.status === 'paid') {
          await finish({ type: 'card', sessionId: s.sessionId }, `session:${s.sessionId}`);
        } else if (s.result && s.authUrl) {
          window.location.assign(s.authUrl);
          return;
        } else {
          setCardFailed(s.errors?.length ? s.errors : [M.unexpectedError]);
        }
      } else if (type === 'wallet') {
        const w = await createWalletSession(payDomains, split.shortfall);
        if (w.result && w.approveUrl) {
          window.location.assign(w.approveUrl);
          return;
        }
        setErrors(w.errors?.length ? w.errors : [M.unexpectedError]);
      }
    } catch (e) {
      if (type === 'card') setCardFailed(errorsOf(e));
      else setErrors(errorsOf(e));
    } finally {
      submitKey.current = null;
      setBusy(false);
    }
  };

  const requestBank = async () => {
    try {
      const t = await createBankTransfer(bank.amount || Math.max(1000, split.shortfall));
      setBank((b) => ({ ...b, reference: t.reference, amount: t.amount, error: undefined }));
    } catch (e) {
      setBank((b) => ({ ...b, error: errorsOf(e).join(' ') }));
    }
  };

  const nameCell = (r: PurchaseRow) => {
    const e = r.estimate && !r.estimate.error ? r.estimate : null;
    return (
      <>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {r.name}
          </Text>
          {e?.is_idn ? <IdnMarker /> : null}
        </Group>
        {r.name !== r.punycode ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {r.punycode}
          </Text>
        ) : null}
        {isCoJp(r.name) ? (
          prereqDone.has(r.name) ? (
            <Badge size="sm" color="teal" variant="light" mt={4} data-testid="prereq-done">
              WHOIS情報登録済み
            </Badge>
          ) : (
            <Button size="compact-xs" mt={4} color="orange" variant="light" onClick={() => setJpModal(r.name)} disabled={busy} data-testid="prereq-open">
              WHOIS情報を登録する
            </Button>
          )
        ) : null}
      </>
    );
  };
  const periodSelect = (r: PurchaseRow) =>
    r.estimate && !r.estimate.error ? (
      <NativeSelect
        size="xs"
        w={80}
        aria-label={`${r.name}の登録年数`}
        value={String(r.period)}
        disabled={busy}
        onChange={(ev) => {
          const v = Number(ev.currentTarget.value);
          setPeriods((p) => ({ ...p, [r.punycode]: v }));
        }}
        data={r.options.map((y) => ({ value: String(y), label: `${y}年` }))}
        data-testid="row-period"
      />
    ) : (
      <Text c="dimmed">-</Text>
    );

  if (estimate.isPending || points.isPending) return <TableSkeleton rows={Math.min(6, domains.length + 2)} />;

  return (
    <Stack gap="md" data-testid="purchase-step">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length}件のドメイン
        </Text>
        <Button variant="default" size="xs" onClick={onBack} disabled={busy} data-testid="purchase-back">
          検索に戻る
        </Button>
      </Group>
      {points.isError ? <ErrorBlock message="ポイント残高を取得できませんでした" onRetry={() => void points.refetch()} /> : null}
      {errors.length > 0 || pricesWrong.length > 0 || tooMany.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="purchase-errors">
          <List size="sm" spacing={2}>
            {[...new Set([...tooMany, ...pricesWrong, ...errors])].map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
          <Group gap="md" mt={6}>
            <HelpLink topic="purchase" label="購入の手順" />
            <HelpLink topic="payment" label="お支払い方法" />
          </Group>
        </Alert>
      ) : null}

      <Group gap="xs" justify="flex-end">
        <Text size="sm">期間の一括変更</Text>
        <NativeSelect
          size="xs"
          w={100}
          aria-label="全ドメインの登録年数"
          value={allPeriod}
          disabled={busy}
          onChange={(e) => applyAll(e.currentTarget.value)}
          data={[{ value: '', label: '選択' }, ...Array.from({ length: MAX_REGISTRATION_YEARS }, (_, i) => ({ value: String(i + 1), label: `${i + 1}年` }))]}
          data-testid="all-period"
        />
      </Group>

      {phone ? (
        <Stack gap="xs" data-testid="purchase-rows">
          {rows.map((r) => {
            const e = r.estimate && !r.estimate.error ? r.estimate : null;
            return (
              <Paper key={r.punycode} withBorder p="sm" radius="md" data-testid="purchase-row" data-domain={r.name}>
                {nameCell(r)}
                <Group justify="space-between" mt={6} wrap="nowrap">
                  {periodSelect(r)}
                  <Text size="sm" fw={700} data-testid="row-total">
                    {e ? rp(r.point) : '-'}
                  </Text>
                </Group>
                {e ? (
                  <Group gap="md" mt={4}>
                    <Text size="xs" c="dimmed" component="span">
                      初年度 <PriceCell value={e.registerPrice} campaign={e.isCampaign} special={e.isSpecial} normal={e.registerNormalPrice} size="xs" />
                    </Text>
                    <Text size="xs" c="dimmed" component="span">
                      更新 <PriceCell value={e.renewPrice} size="xs" />
                    </Text>
                  </Group>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped data-testid="purchase-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ドメイン</Table.Th>
                <Table.Th w={90}>期間</Table.Th>
                <Table.Th w={100}>初年度</Table.Th>
                <Table.Th w={100}>更新（年）</Table.Th>
                <Table.Th w={110} style={{ textAlign: 'right' }}>
                  合計
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const e = r.estimate && !r.estimate.error ? r.estimate : null;
                return (
                  <Table.Tr key={r.punycode} data-testid="purchase-row" data-domain={r.name}>
                    <Table.Td>{nameCell(r)}</Table.Td>
                    <Table.Td>{periodSelect(r)}</Table.Td>
                    <Table.Td>{e ? <PriceCell value={e.registerPrice} campaign={e.isCampaign} special={e.isSpecial} normal={e.registerNormalPrice} /> : <Text c="dimmed">-</Text>}</Table.Td>
                    <Table.Td>{e ? <PriceCell value={e.renewPrice} /> : <Text c="dimmed">-</Text>}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Text size="sm" fw={700} data-testid="row-total">
                        {e ? rp(r.point) : '-'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {coJpPending.length > 0 ? (
        <Alert color="orange" variant="light" data-testid="prereq-pending">
          .co.jpドメイン（{coJpPending.map((r) => r.name).join('、')}）は、「WHOIS情報を登録する」から登録を済ませるとご購入いただけます。
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="md">
        <Stack gap={4} data-testid="purchase-summary">
          <Group justify="space-between">
            <Text size="sm">合計</Text>
            <Text fw={700} data-testid="summary-total">
              {rp(total)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">保有ポイント</Text>
            <Text size="sm" data-testid="summary-balance">
              {rp(balance)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">ご利用ポイント</Text>
            <Text size="sm" data-testid="summary-points-used">
              {rp(split.pointsUsed)}
            </Text>
          </Group>
          {needsPayment ? (
            <Group justify="space-between">
              <Text size="sm">購入するポイント</Text>
              <Text size="sm" fw={700} data-testid="summary-to-buy">
                {rp(split.cardCharge)}
              </Text>
            </Group>
          ) : null}
          <Group justify="space-between">
            <Text size="sm">購入後の残りポイント</Text>
            <Text size="sm" data-testid="summary-remaining">
              {rp(needsPayment && tab !== 'card' ? balance - split.pointsUsed : split.remainingPoints)}
            </Text>
          </Group>
        </Stack>
      </Paper>

      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        disabled={busy}
        data-testid="terms"
        label={
          <>
            <Anchor href={TERMS_URL} target="_blank">
              利用規約
            </Anchor>
            に同意する
          </>
        }
      />

      {!needsPayment ? (
        <Group justify="flex-end">
          <Button size="md" onClick={() => void run('point')} loading={busy} disabled={blocked} data-testid="purchase-submit">
            ポイントで購入する（{rp(total)}）
          </Button>
        </Group>
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="payment-choice">
          <Text size="sm" mb="xs">
            ポイントが{rp(split.shortfall)}不足しています。不足分のお支払い方法を選択してください。
          </Text>
          <Tabs value={tab} onChange={(v) => setTab(v ?? 'card')}>
            <Tabs.List>
              <Tabs.Tab value="card" data-testid="tab-card">
                クレジットカード
              </Tabs.Tab>
              <Tabs.Tab value="wallet" data-testid="tab-wallet">
                PayPal
              </Tabs.Tab>
              <Tabs.Tab value="bank" data-testid="tab-bank">
                銀行振込
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="card" pt="sm">
              <Stack gap="sm">
                {split.minimumApplied ? (
                  <Alert color="blue" variant="light" data-testid="minimum-notice">
                    カード決済の最低金額は50円のため、{formatYen(split.cardCharge)}を決済し、差額の{rp(split.surplusPoints)}はポイントとして付与されます。
                  </Alert>
                ) : null}
                {cards.isError ? (
                  <ErrorBlock onRetry={() => void cards.refetch()} />
                ) : cards.data && cards.data.cards.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="no-cards">
                    登録済みのカードがありません。
                  </Text>
                ) : (
                  <Select
                    label="お支払いに使うカード"
                    data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: c.cardInfoText }))}
                    value={selectedCard}
                    onChange={setCardId}
                    disabled={busy || cards.isPending}
                    allowDeselect={false}
                    data-testid="card-select"
                  />
                )}
                <Anchor
                  size="sm"
                  href={`/mypage/stripe?redirect_url=${encodeURIComponent('/mypage/search?action=createDomain')}`}
                  onClick={() => save()}
                  data-testid="card-register"
                >
                  カードを登録する
                </Anchor>
                {cardFailed ? (
                  <Alert color="red" variant="light" title={M.cardSessionFailed} role="alert" data-testid="card-failed">
                    {cardFailed.map((m) => (
                      <Text key={m} size="sm">
                        {m}
                      </Text>
                    ))}
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button size="md" onClick={() => void run('card')} loading={busy} disabled={blocked} data-testid="purchase-submit">
                    カードで{formatYen(split.cardCharge)}を支払い購入する
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="wallet" pt="sm">
              <Stack gap="sm">
                <Text size="sm">PayPalで不足分の{formatYen(split.shortfall)}のポイントを購入し、そのまま購入手続きを行います。</Text>
                {!agreed ? (
                  <Text size="sm" c="red" data-testid="wallet-terms">
                    {M.agreeTermsWallet}
                  </Text>
                ) : null}
                <Group justify="flex-end">
                  <Button size="md" color="yellow" c="dark" onClick={() => void run('wallet')} loading={busy} disabled={!agreed || blocked} data-testid="wallet-submit">
                    PayPalで支払う
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="bank" pt="sm">
              <Stack gap="sm" data-testid="bank-panel">
                <Text size="sm">銀行振込では、先にポイントを購入していただきます。入金の確認後にポイントが付与されますので、その後にご購入ください。</Text>
                {bank.reference ? (
                  <Alert color="teal" variant="light" data-testid="bank-reference">
                    振込受付番号：<b>{bank.reference}</b>（振込依頼人名の前にご記入ください）／ お振込金額：{formatYen(bank.amount)}
                  </Alert>
                ) : (
                  <Group align="flex-end">
                    <NumberInput label="お振込金額（円）" min={1000} max={1_000_000} step={1000} thousandSeparator="," value={bank.amount || Math.max(1000, split.shortfall)} onChange={(v) => setBank((b) => ({ ...b, amount: Number(v) || 0 }))} w={180} />
                    <Button variant="light" onClick={() => void requestBank()}>
                      振込でポイントを購入する
                    </Button>
                  </Group>
                )}
                {bank.error ? (
                  <Text size="sm" c="red">
                    {bank.error}
                  </Text>
                ) : null}
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}

      {/* mounted per name while open: each name's form starts from its kept draft */}
      {jpModal ? (
        <JpWhoisModal
          key={jpModal}
          domainName={jpModal}
          onClose={() => setJpModal(null)}
          onRegistered={(name) => {
            const done = new Set([...prereqDone, name]);
            setPrereqDone(done);
            // kept for the card pages and for a later order of the same cart
            savePurchase({ domains: rows.map((r) => ({ name: r.name, punycode: r.punycode, period: r.period })), prereqDone: [...done] });
            setJpModal(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
