import crypto from 'node:crypto';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A local wallet server compatible with the PayPal REST endpoints the registrar uses: OAuth client credentials
 * (POST /v1/oauth2/token), Orders v2 (create, get, capture with PayPal-Request-Id replay), and the buyer's approval page
 * (/checkoutnow?token={orderId}), which sends the browser back to the order's return_url with ?token=&PayerID=.
 * It stands in for the wallet provider at the network boundary, like the local Stripe server does for cards.
 */
export interface WalletLocalOptions {
  port: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  /** base URL browsers use for the approval page (default http://localhost:{port}) */
  publicUrl?: string;
}

export interface WalletLocalServer {
  url: string;
  port: number;
  /** the address the server listens on (loopback unless asked otherwise) */
  host: string;
  close(): Promise<void>;
}

type Obj = Record<string, any>;
const newId = (n = 17) => crypto.randomBytes(n).toString('hex').toUpperCase().slice(0, n);

export async function startWalletLocal(o: WalletLocalOptions): Promise<WalletLocalServer> {
  const tokens = new Set<string>();
  const orders = new Map<string, Obj>();
  const captures = new Map<string, Obj>();
  const replays = new Map<string, { status: number; body: string }>();
  let publicUrl = o.publicUrl ?? '';

  const orderView = (order: Obj) => ({
    ...order,
    links: [
      { href: `${publicUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${publicUrl}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${publicUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = String(req.headers.authorization ?? '');
      const expected = `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`;
      const body = new URLSearchParams(await readBody(req));
      if (basic !== expected || body.get('grant_type') !== 'client_credentials') return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${newId(40)}`;
      tokens.add(token);
      return json(res, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', expires_in: 32400, nonce: newId(20) });
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return json(res, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' });
    const requestId = req.method === 'POST' ? String(req.headers['paypal-request-id'] ?? '') : '';
    if (requestId && replays.has(`${path}:${requestId}`)) {
      const r = replays.get(`${path}:${requestId}`)!;
      res.writeHead(r.status, { 'content-type': 'application/json' });
      return void res.end(r.body);
    }
    const [status, body] = await route(req, path);
    const text = JSON.stringify(body);
    if (requestId) replays.set(`${path}:${requestId}`, { status, body: text });
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': newId(13).toLowerCase() });
    res.end(text);
  }

  async function route(req: IncomingMessage, path: string): Promise<[number, Obj]> {
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      let p: Obj;
      try {
        p = JSON.parse(await readBody(req));
      } catch {
        return [400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' }];
      }
      const unit = p.purchase_units?.[0];
      const amount = unit?.amount;
      if (p.intent !== 'CAPTURE' || !amount || !/^\d+$/.test(String(amount.value)) || amount.currency_code !== 'JPY') {
        return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PARAMETER_VALUE', description: 'intent CAPTURE and a JPY amount without decimals are required' }] }];
      }
      const order = {
        id: newId(),
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [{ reference_id: unit.reference_id ?? 'default', custom_id: unit.custom_id ?? null, amount, items: unit.items ?? [] }],
        create_time: new Date().toISOString(),
        _return_url: p.payment_source?.paypal?.experience_context?.return_url ?? p.application_context?.return_url ?? null,
        _cancel_url: p.payment_source?.paypal?.experience_context?.cancel_url ?? p.application_context?.cancel_url ?? null,
        // as the wallet does: landing page GUEST_CHECKOUT (or none) offers paying by card without an account, LOGIN does not
        _guest_card: (p.payment_source?.paypal?.experience_context?.landing_page ?? p.application_context?.landing_page ?? 'NO_PREFERENCE') !== 'LOGIN',
        _locale: p.payment_source?.paypal?.experience_context?.locale ?? p.application_context?.locale ?? 'en-US',
      };
      orders.set(order.id, order);
      return [201, orderView(strip(order))];
    }
    let m = path.match(/^\/v2\/checkout\/orders\/(\w+)$/);
    if (m && req.method === 'GET') {
      const order = orders.get(m[1]);
      return order ? [200, orderView(strip(order))] : [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
    }
    m = path.match(/^\/v2\/checkout\/orders\/(\w+)\/capture$/);
    if (m && req.method === 'POST') {
      const order = orders.get(m[1]);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      if (order.status === 'COMPLETED') return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }] }];
      if (order.status !== 'APPROVED') return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' }] }];
      const capture = { id: newId(), status: 'COMPLETED', amount: order.purchase_units[0].amount, final_capture: true, create_time: new Date().toISOString() };
      captures.set(capture.id, capture);
      order.status = 'COMPLETED';
      order.purchase_units[0].payments = { captures: [capture] };
      return [201, orderView(strip(order))];
    }
    return [404, { name: 'RESOURCE_NOT_FOUND', message: `no route ${req.method} ${path}` }];
  }

  async function approval(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const order = orders.get(query.get('token') ?? '');
    if (!order) return html(res, 404, '<p>この注文は存在しません。</p>');
    if (req.method === 'GET') {
      const value = Number(order.purchase_units[0].amount.value).toLocaleString('ja-JP');
      return html(res, 200, `<h1>ウォレットでのお支払い</h1><p>${esc(order.purchase_units[0].items?.[0]?.name ?? 'points')}: ${esc(value)}円</p>
<form method="post" action="/checkoutnow?token=${esc(order.id)}" lang="${esc(order._locale)}"><button type="submit" name="decision" value="approve">承認して支払う</button>${order._guest_card ? ' <button type="submit" name="decision" value="approve" data-funding="card">カードで支払う（ゲスト）</button>' : ''} <button type="submit" name="decision" value="cancel">キャンセル</button></form>`);
    }
    const decision = new URLSearchParams(await readBody(req)).get('decision');
    if (decision === 'approve' && order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.payer = { payer_id: newId(13), email_address: 'buyer@example.com' };
    }
    const target = decision === 'approve' ? order._return_url : order._cancel_url;
    if (!target) return html(res, 200, '<p>完了しました。このウィンドウを閉じてください。</p>');
    const back = new URL(target);
    back.searchParams.set('token', order.id);
    if (decision === 'approve') back.searchParams.set('PayerID', order.payer.payer_id);
    res.writeHead(303, { location: back.toString() });
    res.end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    (async () => {
      if (url.pathname === '/checkoutnow') return approval(req, res, url.searchParams);
      return api(req, res, url.pathname);
    })().catch((e) => {
      if (!res.headersSent) json(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: (e as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address: host } = server.address() as AddressInfo;
  publicUrl ||= `http://localhost:${port}`;
  return {
    url: publicUrl,
    port,
    host,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

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
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>ウォレット（ローカル）</title></head><body style="font-family:system-ui;max-width:420px;margin:48px auto"><p style="color:#666;font-size:13px">ローカル決済サーバー（ウォレット互換・テスト用）</p>${body}</body></html>`);
}
