import 'reflect-metadata';
import { CardService } from '../card/card.service';
import { LedgerService } from '../../ledger/ledger.service';
import { PaidFacts, PaymentProvider, TopUpOutcome } from '../payment-provider.port';
import { NewPaymentSession, PaymentSession, PaymentSessionRepository } from './payment-session.repository';
import { PaymentSessionService } from './payment-session.service';

/** Repositories and providers replaced; the real storage and Stripe are covered by tests/integration/orders. */
function newTestService(o: { balance?: number; outcome?: TopUpOutcome; paid?: PaidFacts } = {}) {
  const rows = new Map<string, PaymentSession>();
  const sessions = {
    insertUnlessRecent: jest.fn(async (s: NewPaymentSession) => {
      rows.set(s.id, { ...s, paymentIntentId: null, providerRef: null, error: null });
      return null;
    }),
    find: jest.fn(async (id: string) => rows.get(id) ?? null),
    // no earlier session of the same payment (the late duplicate is covered by tests/integration/orders/payments)
    findRecent: jest.fn(async () => null),
    findByPaymentIntent: jest.fn(async (pi: string) => [...rows.values()].find((r) => r.paymentIntentId === pi) ?? null),
    setOutcome: jest.fn(async (id: string, _p: string, ref: string | null, status: PaymentSession['status'], error: string | null = null) => {
      const r = rows.get(id)!;
      if (r.status === 'paid' || r.status === 'used') return;
      Object.assign(r, { paymentIntentId: ref ?? r.paymentIntentId, status, error });
    }),
    markPaid: jest.fn(async (id: string) => void Object.assign(rows.get(id)!, { status: 'paid' })),
  };
  const credits: [number, number, string, string][] = [];
  const ledger = {
    balance: jest.fn(async () => o.balance ?? 0),
    credit: jest.fn(async (userId: number, amount: number, kind: string, key: string) => void credits.push([userId, amount, kind, key])),
  };
  const cards = { ownedCard: jest.fn(async (_u: number, id: string) => ({ paymentMethodId: id })) };
  const card: PaymentProvider = {
    type: 'card',
    startTopUp: jest.fn(async (req: { reference: string; amount: number }): Promise<TopUpOutcome> => o.outcome ?? { status: 'succeeded', providerRef: 'pi_1', paid: { provider: 'card', reference: req.reference, amount: req.amount, currency: 'jpy' } }),
    // the PaymentIntent pi_1 as Stripe reports it: by default the payment of the session that holds it
    topUpStatus: jest.fn(async (ref: string) => {
      const s = [...rows.values()].find((r) => r.paymentIntentId === ref);
      return { status: 'succeeded', providerRef: ref, paid: o.paid ?? { provider: 'card', reference: s?.id ?? null, amount: s?.amount ?? 0, currency: 'jpy' } } as TopUpOutcome;
    }),
  };
  const sut = new PaymentSessionService(sessions as unknown as PaymentSessionRepository, ledger as unknown as LedgerService, cards as unknown as CardService, [card]);
  return { sut, card, credits, rows };
}

const request = (amount: number, ...points: number[]) => ({
  userId: 7, domains: points.map((point, i) => ({ name: `d${i}.com`, point })), amount, stripeCardId: 'pm_1', appUrl: 'http://app.test',
});

describe(PaymentSessionService.name, () => {
  it('charges a 1-49 yen shortfall as 50 and credits the shortfall and the surplus separately', async () => {
    const { sut, card, credits } = newTestService({ balance: 980 });
    const r = await sut.create(request(50, 600, 400));
    expect(r).toMatchObject({ result: true, status: 'paid', minimumApplied: true, surplusPoints: 30 });
    expect(card.startTopUp).toHaveBeenCalledWith(expect.objectContaining({ amount: 50, paymentMethodId: 'pm_1', reference: r.sessionId }));
    expect(credits).toEqual([[7, 20, 'purchase', 'card:pi_1:purchase'], [7, 30, 'card_surplus', 'card:pi_1:surplus']]);
  });

  it('refuses an amount that is not the charge the current balance needs, without charging', async () => {
    const { sut, card } = newTestService({ balance: 100 });
    expect(await sut.create(request(1000, 1000))).toEqual({ result: false, sessionId: null, errors: ['お支払い金額が変わりました。画面を再読み込みしてください。'] });
    expect(await sut.create(request(0, 50))).toMatchObject({ result: false, errors: ['ポイントで全額お支払いいただけるため、カード決済は不要です。'] });
    expect(card.startTopUp).not.toHaveBeenCalled();
  });

  it('answers a declined card with its message and credits nothing', async () => {
    const { sut, credits } = newTestService({ outcome: { status: 'failed', providerRef: 'pi_2', error: 'カードが拒否されました。別のカードをお試しください。' } });
    expect(await sut.create(request(700, 700))).toMatchObject({ result: false, status: 'failed', errors: ['カードが拒否されました。別のカードをお試しください。'] });
    expect(credits).toEqual([]);
  });

  it('keeps a 3-D Secure session waiting, then settles it once when the provider reports success', async () => {
    const { sut, credits, rows } = newTestService({ outcome: { status: 'requires_action', providerRef: 'pi_1', redirectUrl: 'https://bank.test/3ds' } });
    const r = await sut.create(request(700, 700));
    expect(r).toMatchObject({ result: true, status: 'requires_action' });
    expect(credits).toEqual([]);
    await sut.onPaymentIntent('pi_1', r.sessionId!);
    await sut.onPaymentIntent('pi_1', r.sessionId!);
    expect(rows.get(r.sessionId!)!.status).toBe('paid');
    expect(credits).toEqual([[7, 700, 'purchase', 'card:pi_1:purchase']]);
  });

  it('settles a session only with its own payment: provider, reference, amount and currency (issue 23, finding 2)', async () => {
    for (const [what, paid] of [
      ['amount', { provider: 'card', amount: 50, currency: 'jpy' }],
      ['currency', { provider: 'card', amount: 700, currency: 'usd' }],
      ['provider', { provider: 'wallet', amount: 700, currency: 'jpy' }],
      ['reference', { provider: 'card', amount: 700, currency: 'jpy', reference: 'another-session' }],
    ] as const) {
      const { sut, credits, rows } = newTestService({ outcome: { status: 'requires_action', providerRef: 'pi_1', redirectUrl: 'https://bank.test/3ds' } });
      const r = await sut.create(request(700, 700));
      const facts: PaidFacts = { reference: r.sessionId, ...paid };
      (sut as unknown as { providers: PaymentProvider[] }).providers[0]!.topUpStatus = jest.fn(async () => ({ status: 'succeeded', providerRef: 'pi_1', paid: facts }) as TopUpOutcome);
      await sut.onPaymentIntent('pi_1', r.sessionId!);
      expect([what, rows.get(r.sessionId!)!.status]).toEqual([what, 'requires_action']);
      expect(credits).toEqual([]);
    }
  });

  it('ignores a webhook payment that names a session it does not belong to', async () => {
    const { sut, credits, rows } = newTestService({ outcome: { status: 'requires_action', providerRef: 'pi_1', redirectUrl: 'https://bank.test/3ds' } });
    const r = await sut.create(request(700, 700));
    await sut.onPaymentIntent('pi_attacker', r.sessionId!);
    expect(rows.get(r.sessionId!)!.status).toBe('requires_action');
    expect(credits).toEqual([]);
  });
});
