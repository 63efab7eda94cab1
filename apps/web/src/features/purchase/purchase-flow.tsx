import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartDomainDto, CreateDomainsResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import type { SearchParams } from '../search/search-params';
import { domainQueries } from '../domains/domain-list.api';
import { purchaseQueries } from './purchase.api';
import type { PurchaseDomain } from './purchase-rows';
import { PurchaseStep, startOrder } from './purchase-step';
import { clearPurchase, readPurchase } from './purchase-storage';
import { ResultStep } from './result-step';

/** Runs the purchase once a payment session is paid (000 §4 auto-execute): the session carries the domains and points. */
function AutoExecute({ sessionId, onStarted, onFailed }: { sessionId: string; onStarted: (r: CreateDomainsResult) => void; onFailed: (errors: string[]) => void }) {
  const session = useQuery(purchaseQueries.paymentSession(sessionId));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    if (session.isError) {
      started.current = true;
      onFailed([M.unexpectedErrorOccurred]);
      return;
    }
    const s = session.data;
    if (!s) return;
    started.current = true;
    if (s.status !== 'paid' && s.status !== 'used') {
      onFailed([M.cardSessionFailed, ...(s.error ? [s.error] : [])]);
      return;
    }
    const items = s.domains.map((d) => ({ name: d.name, period: d.period ?? 1, point: d.point }));
    // the key is the session's: a reload of this page finds the same order instead of buying twice
    void startOrder(items, { type: s.provider === 'wallet' ? 'wallet' : 'card', sessionId }, `session:${sessionId}`).then((r) => (r.result ? onStarted(r.result) : onFailed(r.errors)));
  }, [session.data, session.isError, sessionId, onStarted, onFailed]);
  return (
    <Center py="xl" data-testid="auto-execute">
      <Stack align="center">
        <Loader />
        <Text>お支払いを確認し、購入手続きを行っています…</Text>
      </Stack>
    </Center>
  );
}

type View =
  | { step: 'search' }
  | { step: 'purchase'; domains: PurchaseDomain[]; prereqDone: string[]; errors: string[] }
  | { step: 'auto'; sessionId: string };

/**
 * The step machine of the member search page (000 §2, §4): search → purchase → result, back returns to search.
 * Returns from the card pages (action=createDomain) reopen the purchase from session storage, or run it at once when
 * a paid session comes back with the auto-execute flag. The result step lives in the URL (orderId), so a reload keeps it.
 */
export function usePurchaseFlow(member: boolean, params: SearchParams, go: (p: SearchParams, replace?: boolean) => void) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ step: 'search' });
  const [created, setCreated] = useState<CreateDomainsResult | null>(null);
  const handled = useRef(false);

  // a return from the card pages, once
  useEffect(() => {
    if (!member || handled.current || params.action !== 'createDomain') return;
    handled.current = true;
    const saved = readPurchase();
    if (params.payment_session && params.paymentResult === 'success' && params.autoExecute) {
      setView({ step: 'auto', sessionId: params.payment_session });
    } else if (saved && saved.domains.length) {
      setView({ step: 'purchase', domains: saved.domains, prereqDone: saved.prereqDone, errors: params.paymentResult === 'failed' ? [M.cardSessionFailed, M.cardAuthenticationFailed] : [] });
      go({}, true);
    } else go({}, true);
  }, [member, params.action, params.payment_session, params.paymentResult, params.autoExecute, go]);

  const onStarted = useCallback(
    (r: CreateDomainsResult) => {
      clearPurchase();
      setCreated(r);
      setView({ step: 'search' });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      go({ orderId: r.orderId ?? undefined }, true);
      window.scrollTo({ top: 0 });
    },
    [go, queryClient],
  );
  const onAutoFailed = useCallback(
    (errors: string[]) => {
      const saved = readPurchase();
      setView(saved ? { step: 'purchase', domains: saved.domains, prereqDone: saved.prereqDone, errors } : { step: 'search' });
      go({}, true);
    },
    [go],
  );
  const onResultDone = useCallback(() => {
    // the order has ended: the member's domains (the sidebar's count, the list) now include what it registered
    void queryClient.invalidateQueries({ queryKey: domainQueries.all });
    void queryClient.invalidateQueries({ queryKey: ['points'] });
    void queryClient.invalidateQueries({ queryKey: ['session'] });
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
  }, [queryClient]);

  const order = (domains: CartDomainDto[]) => {
    setView({ step: 'purchase', domains: domains.map((d) => ({ name: d.name, punycode: d.punycode })), prereqDone: readPurchase()?.prereqDone ?? [], errors: [] });
    window.scrollTo({ top: 0 });
  };

  let content: React.ReactNode = null;
  if (member && params.orderId) {
    content = (
      <ResultStep
        orderId={params.orderId}
        initial={created?.orderId === params.orderId ? created.domains : []}
        onDone={onResultDone}
        onContinue={() => {
          setCreated(null);
          go({});
        }}
      />
    );
  } else if (view.step === 'auto') {
    content = <AutoExecute sessionId={view.sessionId} onStarted={onStarted} onFailed={onAutoFailed} />;
  } else if (view.step === 'purchase') {
    content = view.domains.length ? (
      <PurchaseStep domains={view.domains} prereqDone={view.prereqDone} initialErrors={view.errors} onBack={() => setView({ step: 'search' })} onStarted={onStarted} />
    ) : (
      <Alert color="yellow">カートにドメインがありません</Alert>
    );
  }
  return { content, order };
}
