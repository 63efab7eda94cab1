/**
 * The security fixes of the first release's review, through the real gateway (PostgreSQL, Redis, the mail catcher):
 * the dev tools answer loopback clients only, second-factor attempts are limited and a TOTP code is accepted once,
 * login and SMS counters hold under parallel requests, SMS is limited per phone number, an unconfirmed sign-up cannot
 * be taken over, deeply nested JSON is a 400, a cookie-less GET /session stores no session, the access guard reads
 * paths as routing does, and the security headers (CSP, HSTS over https only, the cookie cleared at logout).
 */
import { M } from '@registrar/messages';
import { generateSync } from 'otplib';
import request from 'supertest';
import { client, createAccount, freshTotp, Harness, signIn, startHarness, uniqueEmail } from './gateway-harness';

jest.setTimeout(60_000);

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let ipSeq = Math.floor(Math.random() * 200);
/** Each test's client address (the gateway trusts a loopback proxy's X-Forwarded-For), so per-address limits stay apart. */
const newIp = () => `198.51.100.${(++ipSeq % 250) + 1}`;

async function mails(h: Harness, to: string): Promise<Array<{ subject: string; links: string[] }>> {
  for (let i = 0; i < 40; i++) {
    const r = await request(h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`);
    if (r.body.messages.length) return r.body.messages;
    await new Promise((res) => setTimeout(res, 100));
  }
  return [];
}

describe('security of the HTTP edge', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); }, 60_000);
  afterAll(async () => h?.close());

  it('serves /dev/mail and /dev/sms to loopback clients only', async () => {
    expect((await request(h.url).get('/dev/mail/api/messages')).status).toBe(200);
    for (const path of ['/dev/mail', '/dev/mail/api/messages', '/dev/sms', '/dev/sms/api/messages']) {
      const remote = await request(h.url).get(path).set('X-Forwarded-For', '203.0.113.7');
      expect(remote.status).toBe(404);
      expect(JSON.stringify(remote.body)).not.toContain('messages');
    }
  });

  it('limits second-factor codes per pending login and per account (429 with a clear message, even for the right code)', async () => {
    const acct = await createAccount(h, { adminRole: 2 });
    const ip = newIp();
    const pending = async () => {
      const c = await client(h);
      const r = await c.agent.post('/login').set(XHR).set('X-Forwarded-For', ip).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: acct.password });
      expect(r.body.two_factor_required).toBe(true);
      return (code: string) => c.agent.post('/login/two-factor').set(XHR).set('X-Forwarded-For', ip).set('X-CSRF-TOKEN', r.body.csrfToken).send({ code });
    };
    const right = generateSync({ secret: acct.totpSecret! });
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await pending();
    for (let i = 0; i < 3; i++) expect((await first(wrong)).body.message).toBe(M.twoFactorInvalid);
    const second = await pending();
    for (let i = 0; i < 2; i++) expect((await second(wrong)).body.message).toBe(M.twoFactorInvalid);
    // five wrong codes on the account: the sixth try is refused, whatever the code and the pending login
    const third = await pending();
    const refused = await third(await freshTotp(acct.email, acct.totpSecret!));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^認証コードの試行回数が上限に達しました。\d+分ほど時間をおいてから再度お試しください$/);
    expect((await first(right)).status).toBe(429);
  });

  it('accepts a TOTP code once: the same code cannot sign in a second time within its step', async () => {
    const acct = await createAccount(h, { adminRole: 2 });
    const code = await freshTotp(acct.email, acct.totpSecret!);
    const login = async () => {
      const c = await client(h);
      const r = await c.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: acct.password });
      return c.agent.post('/login/two-factor').set(XHR).set('X-CSRF-TOKEN', r.body.csrfToken).send({ code });
    };
    expect((await login()).status).toBe(200);
    const replay = await login();
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe(M.twoFactorInvalid);
  });

  it('checks at most 5 of 30 parallel wrong passwords; the rest are refused by the limit', async () => {
    const acct = await createAccount(h);
    const c = await client(h);
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () =>
      c.agent.post('/login').set(XHR).set('X-Forwarded-For', ip).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: 'wrong password' })));
    const checked = answers.filter((r) => r.status === 422 && r.body.message === M.badCredentials).length;
    const limited = answers.filter((r) => r.status === 429).length;
    expect(checked).toBe(5);
    expect(limited).toBe(25);
  });

  describe('SMS', () => {
    const phone = () => `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

    it('uses at most 5 tries of a code even when 20 wrong codes arrive at once', async () => {
      const c = await signIn(h, await createAccount(h));
      const p = phone();
      const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
      expect((await post('/mypage/auth/sms/send', { phone: p })).status).toBe(200);
      const code = /(\d{6})/.exec((await request(h.url).get(`/dev/sms/api/messages?to=${p}`)).body.messages[0].body)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(Array.from({ length: 20 }, () => post('/mypage/auth/sms/verify', { phone: p, code: wrong })));
      expect(answers.filter((r) => r.body.errors?.code?.[0] === M.smsCodeWrong).length).toBeLessThanOrEqual(4);
      expect((await post('/mypage/auth/sms/verify', { phone: p, code })).body.errors.code).toEqual([M.smsCodeExpired]);
    });

    it('sends at most 5 codes an hour to one phone number, whichever accounts ask', async () => {
      const p = phone();
      const answers: Array<{ status: number; message: string }> = [];
      for (let i = 0; i < 6; i++) {
        const c = await signIn(h, await createAccount(h));
        const r = await c.agent.post('/mypage/auth/sms/send').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ phone: p });
        answers.push({ status: r.status, message: r.body.errors?.phone?.[0] ?? r.body.message });
      }
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[5]).toEqual({ status: 429, message: M.smsPhoneHourlyLimit });
    });

    it('sends one code when the same account asks 10 times at once', async () => {
      const c = await signIn(h, await createAccount(h));
      const p = phone();
      const answers = await Promise.all(Array.from({ length: 10 }, () => c.agent.post('/mypage/auth/sms/send').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ phone: p })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect((await request(h.url).get(`/dev/sms/api/messages?to=${p}`)).body.messages).toHaveLength(1);
    });
  });

  it('keeps the first password of an unconfirmed sign-up: a second sign-up only mails the link again', async () => {
    const email = uniqueEmail('takeover');
    const owner = await client(h);
    const post = (c: typeof owner, path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    expect((await post(owner, '/register', { email, password: 'owner password 1', password_confirmation: 'owner password 1', agree_terms: true })).status).toBe(200);
    const attacker = await client(h);
    const again = await post(attacker, '/register', { email, password: 'attacker password', password_confirmation: 'attacker password', agree_terms: true });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(M.signUpMailSent);
    let all: Array<{ links: string[] }> = [];
    for (let i = 0; i < 40 && all.length < 2; i++) all = await mails(h, email);
    expect(all).toHaveLength(2);
    // the owner follows the latest link (a new link replaces the earlier one)
    const answers: string[] = [];
    for (const m of all) {
      const token = new URL(m.links.find((l) => l.includes('/register/confirm?token='))!).searchParams.get('token')!;
      answers.push((await post(owner, '/register/confirm', { token })).body.message);
    }
    expect(answers).toContain(M.emailConfirmed);
    expect((await post(attacker, '/login', { email, password: 'attacker password' })).body.message).toBe(M.badCredentials);
    expect((await post(owner, '/login', { email, password: 'owner password 1' })).status).toBe(200);
  });

  it('refuses deeply nested JSON with 400 before parsing it', async () => {
    const c = await client(h);
    const deep = '{"email":' + '['.repeat(15_000) + ']'.repeat(15_000) + '}';
    const r = await c.agent.post('/password/reset').set(XHR).set('X-CSRF-TOKEN', c.token()).set('Content-Type', 'application/json').send(deep);
    expect(r.status).toBe(400);
    // an ordinary body still works
    expect((await c.agent.post('/password/reset').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: 'a@example.test' })).status).toBe(200);
  });

  it('stores no session for a visitor who only reads GET /session, whose token still works', async () => {
    const sessionsBefore = new Set(await h.redis.keys('sess:*'));
    const r = await request(h.url).get('/session').set(XHR);
    expect(r.status).toBe(200);
    expect(r.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith('registrar_session='))).toBe(false);
    const sessionsAfter = (await h.redis.keys('sess:*')).filter((k) => !sessionsBefore.has(k));
    // (other tests may sign in meanwhile: none of the new sessions may be ours, and ours has no cookie to find it by)
    for (const k of sessionsAfter) expect(JSON.parse((await h.redis.get(k)) ?? '{}').csrfToken).not.toBe(r.body.csrfToken);
    // the guest's token is good for a state-changing call from the same browser
    const c = await client(h);
    expect((await c.agent.post('/password/reset').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: 'a@example.test' })).status).toBe(200);
  });

  it('guards /Mypage/… as /mypage/… (routing ignores case)', async () => {
    for (const path of ['/Mypage/cart', '/MYPAGE/cart', '/mypage/Cart']) {
      const r = await request(h.url).get(path).set(XHR);
      expect(r.status).toBe(401);
    }
  });

  it('sends a Content-Security-Policy, HSTS only over https, and clears the cookie at logout', async () => {
    const plain = await request(h.url).get('/session').set(XHR);
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
    expect(plain.headers['content-security-policy']).toContain("object-src 'none'");
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const overTls = await request(h.url).get('/session').set(XHR).set('X-Forwarded-Proto', 'https');
    expect(overTls.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const c = await signIn(h, await createAccount(h));
    const out = await c.agent.post('/logout').set(XHR).set('X-CSRF-TOKEN', c.token()).send({});
    expect(out.status).toBe(200);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []).find((x) => x.startsWith('registrar_session='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
