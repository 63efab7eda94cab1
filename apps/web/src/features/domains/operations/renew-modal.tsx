import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NativeSelect, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { RenewQuoteDto, RenewReadyResult, RenewResult, RenewResultRow } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { bulkPeriodApplies, formatPoints, formatYen, renewalPrice, splitPayment } from '@registrar/rules';
import { api, ApiError } from '../../../lib/api';
import { paymentQueries } from '../../payments/payments.api';
import type { DomainOperation, DomainOperationModalProps } from '../operations';

/** Long timeout for renewal (000 §9). */
const RENEW_TIMEOUT_MS = 3_600_000;
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
  const ready = useQuery({
    queryKey: ['renewal', 'ready', ids] as const,
    queryFn: ({ signal }) => api<RenewReadyResult>('/mypage/domain/ready', { body: { domainIds: ids }, signal }),
    staleTime: 0,
  });
  const [years, setYears] = useState<Record<number, number>>({});
  const [allYears, setAllYears] = useState<string>('');
  const [withAutoUpdate, setWithAutoUpdate] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [cardFailed, setCardFailed] = useState<string[] | null>(null);
  const [result, setResult] = useState<RenewResultRow[] | null>(null);
  const [running, setRunning] = useState(false);
  const key = useRef(crypto.randomUUID());

  const rows = ready.data?.domains ?? [];
  const yearsOf = (d: RenewQuoteDto) => years[d.id] ?? d.period_options[0] ?? 1;
  const total = rows.reduce((s, d) => s + rowPrice(d, yearsOf(d)), 0);
  const balance = ready.data?.user.point ?? 0;
  const split = splitPayment(total, balance);
  const sendable = rows.filter((d) => !d.error);
  const needsCard = split.cardCharge > 0;
  const cards = useQuery({ ...paymentQueries.cards(), enabled: needsCard });
  const selectedCard = cardId ?? cards.data?.cards[0]?.id ?? null;
  const allOptions = useMemo(() => [...new Set(rows.filter((d) => !d.expired && !d.error).flatMap((d) => d.period_options))].sort((a, b) => a - b), [rows]);

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

  async function submit(type: 'point' | 'card') {
    const found: string[] = [];
    if (!agreed) found.push(M.agreeTerms);
    if (type === 'card' && !selectedCard) found.push(M.selectCard);
    if (!sendable.length) found.push(M.outOfPeriodDomain);
    setErrors(found);
    if (found.length) return;
    setRunning(true);
    setBusy(true);
    setCardFailed(null);
    const body = { domains: sendable.map((d) => ({ name: d.punycode, period: yearsOf(d) })), withAutoUpdate, point: split.pointsUsed, totalFee: total, idempotencyKey: key.current };
    try {
      let payment: { type: 'point' | 'card'; sessionId?: string } = { type: 'point' };
      if (type === 'card') {
        const s = await api<{ result: boolean; sessionId: string | null; status?: string; errors?: string[]; authUrl?: string }>('/mypage/point/domain/renew/session', {
          body: {
            domains: sendable.map((d) => ({ name: d.punycode, point: rowPrice(d, yearsOf(d)) })), amount: split.cardCharge, stripeCardId: selectedCard,
            resultRenewDomains: body.domains, withAutoUpdate, allUpdateDuration: Number(allYears) || null, redirect_url: '/mypage/domain?action=renewDomain',
          },
        });
        if (!s.result || !s.sessionId || s.status !== 'paid') {
          if (s.authUrl) {
            // 3-D Secure: the card's page, then back to the list (the renewal is kept for the return)
            sessionStorage.setItem('renewDomain', JSON.stringify({ ...body, sessionId: s.sessionId }));
            window.location.assign(s.authUrl);
            return;
          }
          setCardFailed(s.errors?.length ? s.errors : [M.unexpectedError]);
          return;
        }
        payment = { type: 'card', sessionId: s.sessionId };
      }
      const r = await api<RenewResult>('/mypage/domain/renew', { body: { ...body, payment }, timeoutMs: RENEW_TIMEOUT_MS });
      if (!r.data.length && r.errors.length) setErrors(r.errors);
      else setResult(r.data);
    } catch (e) {
      if (type === 'card' && !result) setCardFailed(errorsOf(e));
      // a failed call: the pending rows become '予期せぬエラー' (000 §7)
      else setResult(sendable.map((d) => ({ id: d.id, domain_id: null, name: d.name, years: yearsOf(d), available_period: null, code: 2, error_msg: M.unexpectedError, restore: false, point: 0, auto_renew: null })));
    } finally {
      setRunning(false);
      setBusy(false);
    }
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
                  {d.window === 'restore' && !d.error ? <Badge size="xs" color="orange" variant="light">復旧</Badge> : null}
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
      <Checkbox label={<>「<Anchor href="/terms" target="_blank">利用規約</Anchor>に同意する」</>} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} disabled={running} data-testid="renew-terms" />
      {errors.length ? <Alert color="red" role="alert" data-testid="renew-errors">{errors.map((m) => <Text key={m} size="sm">{m}</Text>)}</Alert> : null}
      {needsCard ? (
        <Stack gap="xs">
          {split.minimumApplied ? <Alert color="blue" variant="light">カード決済の最低金額は50円のため、{formatYen(split.cardCharge)}を決済し、差額の{rp(split.surplusPoints)}はポイントとして付与されます。</Alert> : null}
          {cards.data && cards.data.cards.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="renew-no-cards">登録済みのカードがありません。<Anchor href="/mypage/stripe?redirect_url=%2Fmypage%2Fdomain%3Faction%3DrenewDomain%26cardRegistration%3Dtrue">カードを登録する</Anchor></Text>
          ) : (
            <Select label="お支払いカード" data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: c.cardInfoText }))} value={selectedCard} onChange={setCardId} disabled={running || cards.isPending} data-testid="renew-card" />
          )}
          {cardFailed ? <Alert color="red" variant="light" title={M.cardSessionFailed} role="alert">{cardFailed.map((m) => <Text key={m} size="sm">{m}</Text>)}</Alert> : null}
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()} disabled={running}>キャンセル</Button>
        {needsCard ? (
          <Button onClick={() => void submit('card')} loading={running} disabled={!sendable.length} data-testid="renew-submit">カードで{formatYen(split.cardCharge)}を支払い更新する</Button>
        ) : (
          <Button onClick={() => void submit('point')} loading={running} disabled={!sendable.length} data-testid="renew-submit">ポイントで更新する</Button>
        )}
      </Group>
    </Stack>
  );
}

export const renewOperation: DomainOperation = { id: 1, label: '更新', title: 'ドメイン更新', Modal: RenewModal };
