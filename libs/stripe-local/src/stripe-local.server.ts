import crypto from 'node:crypto';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { cardFor, TEST_PAYMENT_METHODS, TestCard } from './cards';
import { decodeForm } from './form';

/**
 * A local Stripe-compatible server: just the endpoints the registrar uses, speaking Stripe's wire format (form-encoded
 * requests with bracket nesting, JSON answers, Stripe's error objects, Idempotency-Key replay), so the official
 * `stripe` SDK talks to it unchanged through its host/port/protocol options. It also serves the pages Stripe hosts
 * (Checkout in setup mode to save a card, the 3-D Secure challenge) and sends signed webhooks.
 *
 * State is kept in memory: this stands in for an external SaaS, it is not part of the system's storage.
 */
export interface StripeLocalOptions {
  port: number;
  host?: string;
  /** the secret key clients must present (Bearer); default: any key beginning with sk_ */
  secretKey?: string;
  /** signing secret of the webhook endpoint (whsec_…) */
  webhookSecret: string;
  /** where events are POSTed (the gateway's /stripe/webhook); none: events are only recorded */
  webhookUrl?: string;
  /** base URL browsers use to reach this server's hosted pages (default http://localhost:{port}) */
  publicUrl?: string;
  log?: (msg: string) => void;
}

export interface StripeLocalServer {
  url: string;
  port: number;
  /** the address the server listens on (loopback unless asked otherwise) */
  host: string;
  /** events created so far, newest last */
  events: StripeEvent[];
  /** resolves when every webhook delivery in flight has been attempted */
  flushWebhooks(): Promise<void>;
  /**
   * Fault injection for tests: the next `count` API calls whose path ends with `pathEndsWith` answer 500. `before`: the
   * call is not processed (nothing happened at Stripe); `after`: it is processed (and its idempotent answer stored), only
   * the answer is lost. A new call for the same path replaces the previous one; count 0 clears it.
   */
  failNext(pathEndsWith: string, count: number, mode: 'before' | 'after'): void;
  close(): Promise<void>;
}

type Obj = Record<string, any>;
export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: Obj };
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const API_VERSION = '2026-10-28.endive';

export async function startStripeLocal(o: StripeLocalOptions): Promise<StripeLocalServer> {
  const log = o.log ?? (() => undefined);
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { _card: TestCard }>();
  const setupIntents = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const events: StripeEvent[] = [];
  const deliveries = new Set<Promise<void>>();
  const faults: { pathEndsWith: string; count: number; mode: 'before' | 'after' }[] = [];
  let publicUrl = o.publicUrl ?? '';

  // ---- webhooks

  function emit(type: string, object: Obj): void {
    const event: StripeEvent = { id: id('evt'), object: 'event', type, created: now(), api_version: API_VERSION, livemode: false, pending_webhooks: o.webhookUrl ? 1 : 0, data: { object: structuredClone(strip(object)) } };
    events.push(event);
    if (!o.webhookUrl) return;
    const p = deliver(event).finally(() => deliveries.delete(p));
    deliveries.add(p);
  }

  async function deliver(event: StripeEvent): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const t = now();
      const sig = crypto.createHmac('sha256', o.webhookSecret).update(`${t}.${payload}`).digest('hex');
      try {
        const r = await fetch(o.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${sig}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
        if (r.ok) return;
        log(`webhook ${event.type} ${event.id}: HTTP ${r.status} (attempt ${attempt})`);
      } catch (e) {
        log(`webhook ${event.type} ${event.id}: ${(e as Error).message} (attempt ${attempt})`);
      }
      await new Promise((res) => setTimeout(res, 200 * attempt));
    }
  }

  // ---- objects

  function newPaymentMethod(card: TestCard, exp: { month: number; year: number }, customer: string | null = null): Obj & { _card: TestCard } {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, last4: card.number.slice(-4), exp_month: exp.month, exp_year: exp.year, country: 'US', funding: 'credit', fingerprint: crypto.createHash('sha1').update(card.number).digest('hex').slice(0, 16) },
      _card: card,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** A PaymentMethod by id; Stripe's test ids (pm_card_visa …) make a fresh one each time, as Stripe does. */
  function resolvePaymentMethod(pmId: string): Obj & { _card: TestCard } {
    const found = paymentMethods.get(pmId);
    if (found) return found;
    const number = TEST_PAYMENT_METHODS[pmId];
    if (number) return newPaymentMethod(cardFor(number)!, { month: 12, year: new Date().getFullYear() + 4 });
    throw missing('payment_method', pmId);
  }

  function attach(pm: Obj, customer: string): void {
    if (!customers.has(customer)) throw missing('customer', customer);
    if (pm.customer && pm.customer !== customer) throw invalid('The payment method you provided has already been attached to another customer.', 'payment_method');
    pm.customer = customer;
    emit('payment_method.attached', pm);
  }

  function newPaymentIntent(p: Obj): Obj {
    const amount = Number(p.amount);
    const currency = String(p.currency ?? '').toLowerCase();
    if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount');
    if (!currency) throw invalid('Missing required param: currency.', 'currency');
    if (currency === 'jpy' && amount < 50) throw new StripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least ¥50 jpy' });
    if (p.customer && !customers.has(p.customer)) throw missing('customer', p.customer);
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: p.customer ?? null,
      created: now(),
      livemode: false,
      metadata: p.metadata ?? {},
      description: p.description ?? null,
      payment_method: p.payment_method ?? null,
      payment_method_types: p.payment_method_types ?? ['card'],
      status: p.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      next_action: null,
      last_payment_error: null,
      return_url: p.return_url ?? null,
      latest_charge: null,
      canceled_at: null,
    };
    pi.client_secret = `${pi.id}_secret_${crypto.randomBytes(8).toString('hex')}`;
    paymentIntents.set(pi.id, pi);
    emit('payment_intent.created', pi);
    return pi;
  }

  /** Confirms a PaymentIntent with its card: succeeds, is declined (402 card_error), or asks for 3-D Secure. */
  function confirmPaymentIntent(pi: Obj, p: Obj): Obj {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${pi.status}.`, payment_intent: strip(pi) });
    }
    if (p.payment_method) pi.payment_method = p.payment_method;
    if (p.return_url) pi.return_url = p.return_url;
    if (!pi.payment_method) throw invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', 'payment_method');
    const pm = resolvePaymentMethod(pi.payment_method);
    pi.payment_method = pm.id;
    if (pm.customer && pi.customer && pm.customer !== pi.customer) throw invalid('The provided PaymentMethod belongs to another customer.', 'payment_method');
    const offSession = p.off_session === 'true' || p.off_session === true;
    switch (pm._card.behaviour) {
      case 'succeeds':
        return succeed(pi);
      case 'declined': {
        const err = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_method: strip(pm) };
        pi.status = 'requires_payment_method';
        pi.last_payment_error = err;
        emit('payment_intent.payment_failed', pi);
        throw new StripeError(402, { ...err, payment_intent: strip(pi) });
      }
      case 'requires_3ds': {
        if (offSession) {
          const err = { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
          pi.status = 'requires_payment_method';
          pi.last_payment_error = err;
          emit('payment_intent.payment_failed', pi);
          throw new StripeError(402, { ...err, payment_intent: strip(pi) });
        }
        if (!pi.return_url) throw invalid('A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.', 'return_url');
        pi.status = 'requires_action';
        pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${publicUrl}/3ds/${pi.id}`, return_url: pi.return_url } };
        emit('payment_intent.requires_action', pi);
        return pi;
      }
    }
  }

  function succeed(pi: Obj): Obj {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.next_action = null;
    pi.last_payment_error = null;
    pi.latest_charge = id('ch');
    emit('payment_intent.succeeded', pi);
    return pi;
  }

  function newSetupIntent(p: Obj): Obj {
    if (p.customer && !customers.has(p.customer)) throw missing('customer', p.customer);
    const si: Obj = {
      id: id('seti'),
      object: 'setup_intent',
      customer: p.customer ?? null,
      created: now(),
      livemode: false,
      metadata: p.metadata ?? {},
      payment_method: null,
      payment_method_types: p.payment_method_types ?? ['card'],
      status: 'requires_payment_method',
      usage: p.usage ?? 'off_session',
      next_action: null,
      last_setup_error: null,
    };
    si.client_secret = `${si.id}_secret_${crypto.randomBytes(8).toString('hex')}`;
    setupIntents.set(si.id, si);
    emit('setup_intent.created', si);
    if (p.payment_method && (p.confirm === 'true' || p.confirm === true)) confirmSetupIntent(si, p);
    else if (p.payment_method) si.payment_method = p.payment_method;
    return si;
  }

  /** Saving a card: the PaymentMethod is attached to the customer (every Luhn-valid test card can be saved; charges then behave per card). */
  function confirmSetupIntent(si: Obj, p: Obj): Obj {
    if (si.status === 'succeeded') throw new StripeError(400, { type: 'invalid_request_error', code: 'setup_intent_unexpected_state', message: 'This SetupIntent has already succeeded.' });
    const pm = resolvePaymentMethod(p.payment_method ?? si.payment_method);
    if (si.customer) attach(pm, si.customer);
    si.payment_method = pm.id;
    si.status = 'succeeded';
    emit('setup_intent.succeeded', si);
    return si;
  }

  function expand(obj: Obj, paths: string[]): Obj {
    const out = structuredClone(strip(obj));
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      const v = out[head];
      if (typeof v !== 'string') continue;
      const target = lookup(v);
      if (target) out[head] = rest.length ? expand(target, [rest.join('.')]) : structuredClone(strip(target));
    }
    return out;
  }

  function lookup(ref: string): Obj | undefined {
    return customers.get(ref) ?? paymentMethods.get(ref) ?? setupIntents.get(ref) ?? paymentIntents.get(ref) ?? checkoutSessions.get(ref);
  }

  function list(data: Obj[], url: string): Obj {
    return { object: 'list', data: data.map(strip), has_more: false, url };
  }

  // ---- routing

  type Handler = (p: Obj, m: RegExpMatchArray, req: IncomingMessage) => Obj;
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/customers$/, (p) => {
      const c = { id: id('cus'), object: 'customer', created: now(), email: p.email ?? null, name: p.name ?? null, description: p.description ?? null, metadata: p.metadata ?? {}, livemode: false, invoice_settings: { default_payment_method: null } };
      customers.set(c.id, c);
      emit('customer.created', c);
      return c;
    }],
    ['GET', /^\/v1\/customers\/([\w]+)$/, (_p, m) => customers.get(m[1]) ?? raise(missing('customer', m[1]))],
    ['GET', /^\/v1\/customers\/([\w]+)\/payment_methods$/, (_p, m, req) => {
      if (!customers.has(m[1])) throw missing('customer', m[1]);
      return list([...paymentMethods.values()].filter((pm) => pm.customer === m[1]).reverse(), req.url!.split('?')[0]);
    }],
    ['POST', /^\/v1\/payment_methods$/, (p) => {
      if (p.type !== 'card') throw invalid('Only card payment methods are supported here.', 'type');
      const number = String(p.card?.number ?? '');
      const card = cardFor(number);
      if (!card) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' });
      const month = Number(p.card?.exp_month);
      const year = Number(p.card?.exp_year);
      if (!(month >= 1 && month <= 12)) throw new StripeError(402, { type: 'card_error', code: 'invalid_expiry_month', param: 'card[exp_month]', message: "Your card's expiration month is invalid." });
      if (!(year >= new Date().getFullYear())) throw new StripeError(402, { type: 'card_error', code: 'invalid_expiry_year', param: 'card[exp_year]', message: "Your card's expiration year is invalid." });
      return newPaymentMethod(card, { month, year });
    }],
    ['GET', /^\/v1\/payment_methods$/, (p, _m, req) => list([...paymentMethods.values()].filter((pm) => pm.customer && pm.customer === p.customer).reverse(), req.url!.split('?')[0])],
    ['GET', /^\/v1\/payment_methods\/([\w]+)$/, (_p, m) => resolvePaymentMethod(m[1])],
    ['POST', /^\/v1\/payment_methods\/([\w]+)\/attach$/, (p, m) => {
      const pm = resolvePaymentMethod(m[1]);
      attach(pm, p.customer);
      return pm;
    }],
    ['POST', /^\/v1\/payment_methods\/([\w]+)\/detach$/, (_p, m) => {
      const pm = resolvePaymentMethod(m[1]);
      pm.customer = null;
      emit('payment_method.detached', pm);
      return pm;
    }],
    ['POST', /^\/v1\/setup_intents$/, (p) => newSetupIntent(p)],
    ['GET', /^\/v1\/setup_intents\/([\w]+)$/, (p, m) => expand(setupIntents.get(m[1]) ?? raise(missing('setup_intent', m[1])), p.expand ?? [])],
    ['POST', /^\/v1\/setup_intents\/([\w]+)\/confirm$/, (p, m) => confirmSetupIntent(setupIntents.get(m[1]) ?? raise(missing('setup_intent', m[1])), p)],
    ['POST', /^\/v1\/payment_intents$/, (p) => {
      const pi = newPaymentIntent(p);
      return p.confirm === 'true' || p.confirm === true ? confirmPaymentIntent(pi, p) : pi;
    }],
    ['GET', /^\/v1\/payment_intents\/([\w]+)$/, (p, m) => expand(paymentIntents.get(m[1]) ?? raise(missing('payment_intent', m[1])), p.expand ?? [])],
    ['POST', /^\/v1\/payment_intents\/([\w]+)\/confirm$/, (p, m) => confirmPaymentIntent(paymentIntents.get(m[1]) ?? raise(missing('payment_intent', m[1])), p)],
    ['POST', /^\/v1\/payment_intents\/([\w]+)\/cancel$/, (_p, m) => {
      const pi = paymentIntents.get(m[1]) ?? raise(missing('payment_intent', m[1]));
      if (pi.status === 'succeeded') throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' });
      pi.status = 'canceled';
      pi.canceled_at = now();
      emit('payment_intent.canceled', pi);
      return pi;
    }],
    ['POST', /^\/v1\/checkout\/sessions$/, (p) => {
      if (p.mode !== 'setup') throw invalid('Only mode=setup is supported by the local server.', 'mode');
      if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url');
      if (p.customer && !customers.has(p.customer)) throw missing('customer', p.customer);
      const si = newSetupIntent({ customer: p.customer, payment_method_types: p.payment_method_types, metadata: p.metadata, usage: 'off_session' });
      const cs: Obj = { id: id('cs_test'), object: 'checkout.session', mode: 'setup', status: 'open', customer: p.customer ?? null, setup_intent: si.id, success_url: p.success_url, cancel_url: p.cancel_url ?? null, currency: p.currency ?? null, metadata: p.metadata ?? {}, created: now(), expires_at: now() + 86_400, livemode: false };
      cs.url = `${publicUrl}/checkout/${cs.id}`;
      checkoutSessions.set(cs.id, cs);
      return cs;
    }],
    ['GET', /^\/v1\/checkout\/sessions\/([\w]+)$/, (p, m) => expand(checkoutSessions.get(m[1]) ?? raise(missing('checkout.session', m[1])), p.expand ?? [])],
  ];

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
    const auth = String(req.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!key.startsWith('sk_') || (o.secretKey && key !== o.secretKey)) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const body = await readBody(req);
    const fault = faults.find((f) => f.count > 0 && path.endsWith(f.pathEndsWith));
    if (fault) fault.count -= 1;
    const lost = () => json(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred (injected by the test).' } });
    if (fault?.mode === 'before') return lost();
    const params = decodeForm(req.method === 'GET' || req.method === 'DELETE' ? query : body);
    const idemKey = req.method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
    if (idemKey) {
      const seen = idempotent.get(`${key}:${idemKey}`);
      if (seen) {
        if (fault) return lost();
        res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true', 'request-id': id('req') });
        return void res.end(seen.body);
      }
    }
    const route = routes.find(([method, re]) => method === req.method && re.test(path));
    let status = 200;
    let out: Obj;
    if (!route) {
      status = 404;
      out = { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } };
    } else {
      try {
        const r = route[2](params, path.match(route[1])!, req);
        out = strip(r);
        if (params.expand && r.object) out = expand(r, params.expand as string[]);
      } catch (e) {
        if (!(e instanceof StripeError)) throw e;
        status = e.status;
        out = { error: e.body };
      }
    }
    const text = JSON.stringify(out);
    if (idemKey && status !== 500) idempotent.set(`${key}:${idemKey}`, { status, body: text });
    if (fault) return lost();
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': API_VERSION });
    res.end(text);
  }

  // ---- hosted pages (what Stripe serves to the browser)

  async function pages(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<boolean> {
    let m = path.match(/^\/checkout\/([\w]+)$/);
    if (m) {
      const cs = checkoutSessions.get(m[1]);
      if (!cs) return html(res, 404, page('見つかりません', '<p>このセッションは存在しません。</p>')), true;
      if (req.method === 'GET') return html(res, 200, checkoutPage(cs)), true;
      const f = decodeForm(await readBody(req));
      const [mm, yy] = String(f.exp ?? '').split('/').map((s) => Number(s.trim()));
      const card = cardFor(String(f.number ?? ''));
      const year = yy < 100 ? 2000 + yy : yy;
      if (!card || !(mm >= 1 && mm <= 12) || !(year >= new Date().getFullYear()) || !/^\d{3,4}$/.test(String(f.cvc ?? ''))) {
        return html(res, 400, checkoutPage(cs, 'カード情報が正しくありません。')), true;
      }
      const pm = newPaymentMethod(card, { month: mm, year });
      confirmSetupIntent(setupIntents.get(cs.setup_intent)!, { payment_method: pm.id });
      cs.status = 'complete';
      emit('checkout.session.completed', cs);
      return redirect(res, String(cs.success_url).replace('{CHECKOUT_SESSION_ID}', cs.id)), true;
    }
    m = path.match(/^\/3ds\/([\w]+)$/);
    if (m) {
      const pi = paymentIntents.get(m[1]);
      if (!pi) return html(res, 404, page('見つかりません', '<p>この支払いは存在しません。</p>')), true;
      if (req.method === 'GET') return html(res, 200, threeDsPage(pi)), true;
      const f = decodeForm(await readBody(req));
      if (pi.status === 'requires_action') {
        if (f.result === 'approve') succeed(pi);
        else {
          pi.status = 'requires_payment_method';
          pi.next_action = null;
          pi.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' };
          emit('payment_intent.payment_failed', pi);
        }
      }
      const back = new URL(pi.return_url);
      back.searchParams.set('payment_intent', pi.id);
      back.searchParams.set('payment_intent_client_secret', pi.client_secret);
      back.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : 'failed');
      return redirect(res, back.toString()), true;
    }
    void query;
    return false;
  }

  const server = http.createServer((req, res) => {
    const [path, query = ''] = (req.url ?? '/').split('?');
    (async () => {
      if (path.startsWith('/v1/')) return api(req, res, path, query);
      if (await pages(req, res, path, query)) return;
      if (path === '/health') return json(res, 200, { status: 'ok' });
      json(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
    })().catch((e) => {
      log(`stripe-local: ${(e as Error).stack}`);
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address: host } = server.address() as AddressInfo;
  publicUrl ||= `http://localhost:${port}`;
  log(`stripe-local listening on ${publicUrl}`);
  return {
    url: publicUrl,
    port,
    host,
    events,
    failNext(pathEndsWith, count, mode) {
      for (let i = faults.length - 1; i >= 0; i--) if (faults[i].pathEndsWith === pathEndsWith) faults.splice(i, 1);
      if (count > 0) faults.push({ pathEndsWith, count, mode });
    },
    async flushWebhooks() {
      while (deliveries.size) await Promise.allSettled([...deliveries]);
    },
    async close() {
      await Promise.allSettled([...deliveries]);
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

// ---- helpers

function raise(e: Error): never {
  throw e;
}
function missing(kind: string, ref: string) {
  return new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${ref}'` });
}
function invalid(message: string, param?: string) {
  return new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}
/** Drops internal fields (leading underscore) before an object leaves the server. */
function strip(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('_')) out[k] = v;
  return out;
}
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}
function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function page(title: string, body: string) {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1a1a1a}label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;font-size:16px;box-sizing:border-box}button{margin-top:16px;padding:10px 16px;font-size:16px;cursor:pointer}.err{color:#c00}.note{color:#666;font-size:13px}</style></head>
<body><p class="note">ローカル決済サーバー（Stripe 互換・テスト用）</p><h1>${esc(title)}</h1>${body}</body></html>`;
}
function checkoutPage(cs: Obj, error = '') {
  return page('カード情報の登録', `${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/checkout/${esc(cs.id)}">
<label for="number">カード番号</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="exp">有効期限 (MM/YY)</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12/34" required>
<label for="cvc">セキュリティコード</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<button type="submit">カードを登録する</button></form>
${cs.cancel_url ? `<p><a href="${esc(cs.cancel_url)}">キャンセル</a></p>` : ''}
<p class="note">テストカード: 4242424242424242 成功 / 4000000000000002 決済時に拒否 / 4000002500003155 決済時に 3-D セキュア認証</p>`);
}
function threeDsPage(pi: Obj) {
  return page('3-D セキュア認証', `<p>${esc(pi.amount)} ${esc(String(pi.currency).toUpperCase())} のお支払いを認証してください。</p>
<form method="post" action="/3ds/${esc(pi.id)}"><button type="submit" name="result" value="approve">認証する</button> <button type="submit" name="result" value="fail">認証に失敗する</button></form>`);
}
