/**
 * Identity through the public HTTP interface of the real gateway (PostgreSQL, Redis, the mail catcher): sign-up and
 * confirmation by the mailed link, sessions and CSRF, login throttling, two-factor, password change ending other
 * sessions, the user information rules, SMS verification limits, identity approval and the purchase gate.
 */
import { M } from '@registrar/messages';
import { generateSync } from 'otplib';
import request from 'supertest';
import { client, createAccount, Harness, signIn, startHarness, uniqueEmail } from './gateway-harness';

jest.setTimeout(60_000);

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function mails(h: Harness, to: string): Promise<Array<{ subject: string; links: string[] }>> {
  for (let i = 0; i < 40; i++) {
    const r = await request(h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`);
    if (r.body.messages.length) return r.body.messages;
    await new Promise((res) => setTimeout(res, 100));
  }
  return [];
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('identity over HTTP', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); }, 60_000);
  afterAll(async () => h?.close());

  it('signs up, confirms by the mailed link, and only then logs in with a new session id', async () => {
    const email = uniqueEmail('signup');
    const c = await client(h);
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    expect((await post('/register', { email, password: 'short', password_confirmation: 'short', agree_terms: true })).body.errors.password).toEqual([M.passwordRule]);
    const r = await post('/register', { email, password: 'long enough pw', password_confirmation: 'long enough pw', agree_terms: true });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(M.signUpMailSent);
    expect((await post('/login', { email, password: 'long enough pw' })).body.message).toBe(M.emailNotConfirmed);

    const [mail] = await mails(h, email);
    const link = mail!.links.find((l) => l.includes('/register/confirm?token='))!;
    // opened in another browser (a phone's mail app): the sign-up's password confirms the address and signs in there
    const elsewhere = await client(h);
    const wrong = await elsewhere.agent.post('/register/confirm').set(XHR).set('X-CSRF-TOKEN', elsewhere.token()).send({ token: tokenOf(link), password: 'not the password' });
    expect(wrong.body.errors.password).toEqual([M.signUpPasswordWrong]);
    const confirmed = await elsewhere.agent.post('/register/confirm').set(XHR).set('X-CSRF-TOKEN', elsewhere.token()).send({ token: tokenOf(link), password: 'long enough pw' });
    expect(confirmed.body).toMatchObject({ message: M.emailConfirmedSignedIn, signed_in: true });
    expect((await elsewhere.agent.get('/session').set(XHR)).body.user).toMatchObject({ email });
    expect((await post('/register/confirm', { token: tokenOf(link), password: 'long enough pw' })).body.message).toBe(M.linkInvalid); // single use

    const before = c.agent.jar.getCookie('registrar_session', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    const login = await post('/login', { email, password: 'long enough pw' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'customer', profile_completed: false, two_factor_enabled: false });
    const after = c.agent.jar.getCookie('registrar_session', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(login.body.csrfToken).not.toBe(c.token()); // the new session has its own token
  });

  it('signs in the browser that confirms with the sign-up password, with a new session id', async () => {
    const email = uniqueEmail('signup-here');
    const c = await client(h);
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    expect((await post('/register', { email, password: 'long enough pw', password_confirmation: 'long enough pw', agree_terms: true })).status).toBe(200);
    const before = c.agent.jar.getCookie('registrar_session', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    const [mail] = await mails(h, email);
    const r = await post('/register/confirm', { token: tokenOf(mail!.links.find((l) => l.includes('/register/confirm?token='))!), password: 'long enough pw' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: M.emailConfirmedSignedIn, signed_in: true, user: { email, role: 'customer', profile_completed: false } });
    const after = c.agent.jar.getCookie('registrar_session', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    expect(after).not.toBe(before);
    await c.refresh();
    expect((await c.agent.get('/session').set(XHR)).body.user).toMatchObject({ email });
    // the password set at sign-up is the account's
    const other = await client(h);
    expect((await other.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', other.token()).send({ email, password: 'long enough pw' })).status).toBe(200);
  });

  it('a repeated sign-up of an unconfirmed address: each link confirms only with its own password, and nobody else is signed in', async () => {
    const email = uniqueEmail('signup-again');
    const first = await client(h);
    const second = await client(h);
    const post = (c: typeof first, path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    expect((await post(first, '/register', { email, password: 'first password 1', password_confirmation: 'first password 1', agree_terms: true })).status).toBe(200);
    expect((await post(second, '/register', { email, password: 'second password 2', password_confirmation: 'second password 2', agree_terms: true })).status).toBe(200);
    let all: Array<{ links: string[] }> = [];
    for (let i = 0; i < 40 && all.length < 2; i++) all = await mails(h, email);
    expect(all.length).toBeGreaterThanOrEqual(2);
    // the mailbox's owner (second) holds both links: the first sign-up's link refuses the owner's password
    const answers: Array<{ status: number; body: { message?: string; signed_in?: boolean } }> = [];
    for (const m of all) {
      const r = await post(second, '/register/confirm', { token: tokenOf(m.links.find((l) => l.includes('/register/confirm?token='))!), password: 'second password 2' });
      answers.push({ status: r.status, body: r.body });
    }
    expect(answers.filter((a) => a.body.signed_in === true)).toHaveLength(1);
    // the account has the owner's password; the first sign-up's password never logs in
    const other = await client(h);
    expect((await post(other, '/login', { email, password: 'first password 1' })).status).not.toBe(200);
    expect((await post(other, '/login', { email, password: 'second password 2' })).status).toBe(200);
    expect((await first.agent.get('/session').set(XHR)).body.user).toBeNull();
  });

  it('refuses state-changing calls without the session token (419), accepts a form post carrying _token', async () => {
    const c = await client(h);
    expect((await c.agent.post('/password/reset').set(XHR).send({ email: 'a@example.test' })).status).toBe(419);
    const forged = await c.agent.post('/password/reset').set(XHR).set('X-CSRF-TOKEN', 'forged').send({ email: 'a@example.test' });
    expect(forged.status).toBe(419);
    expect(forged.body.message).toBe(M.sessionTimeout);
    const form = await c.agent.post('/password/reset').type('form').send({ _token: c.token(), email: 'a@example.test' });
    expect(form.status).toBe(200);
    // an expired session: the browser still sends its old token
    const stale = await request(h.url).post('/password/reset').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: 'a@example.test' });
    expect(stale.status).toBe(419);
  });

  it('puts the session token into the served page', async () => {
    const agent = request.agent(h.url);
    const page = await agent.get('/login').set('Accept', 'text/html');
    if (page.status !== 200 || !String(page.headers['content-type']).includes('html')) return; // the web app is not built here
    const meta = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
    const session = await agent.get('/session').set(XHR);
    expect(meta).toBe(session.body.csrfToken);
  });

  it('throttles logins per account with a clear message, even with the right password', async () => {
    const acct = await createAccount(h);
    const c = await client(h);
    for (let i = 0; i < 5; i++) {
      const r = await c.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: 'wrong password' });
      expect(r.body.message).toBe(M.badCredentials);
    }
    const r = await c.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: acct.password });
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^ログインの試行回数が上限に達しました。\d+分ほど時間をおいてから再度お試しください$/);
  });

  it('a request that changes nothing sends no session cookie, so one in flight while the id is renewed cannot bring the old id back', async () => {
    // before: every answer carried the session cookie (rolling); a re-consent check sent beside the two-factor set-up
    // answered after it with the old id, and the browser, holding a destroyed id, was signed out
    const acct = await createAccount(h);
    const c = await signIn(h, acct);
    const sessionCookie = (r: request.Response) => ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((x) => x.startsWith('registrar_session='));
    const first = await c.agent.get('/session').set(XHR);
    expect(first.body.user).toMatchObject({ email: acct.email });
    expect(sessionCookie(await c.agent.get('/session').set(XHR))).toBeUndefined();
    expect(sessionCookie(await c.agent.get('/consents/pending').set(XHR))).toBeUndefined();
    // the id is still renewed where it must be, and the new cookie is sent then
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    const setup = await post('/security/two-factor/setup', {});
    const enabled = await post('/security/two-factor/enable', { code: generateSync({ secret: setup.body.secret }) });
    expect(sessionCookie(enabled)).toBeDefined();
    expect((await c.agent.get('/session').set(XHR)).body.user).toMatchObject({ email: acct.email, two_factor_pending: false });
  });

  it('sets up two-factor and then asks for the code at login (a recovery code works once)', async () => {
    const acct = await createAccount(h);
    const c = await signIn(h, acct);
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    const setup = await post('/security/two-factor/setup', {});
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    expect((await post('/security/two-factor/enable', { code: '000000' })).body.message).toBe(M.twoFactorInvalid);
    const enabled = await post('/security/two-factor/enable', { code: generateSync({ secret: setup.body.secret }) });
    expect(enabled.body.recovery_codes).toHaveLength(10);

    const again = await client(h);
    const step1 = await again.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', again.token()).send({ email: acct.email, password: acct.password });
    expect(step1.body).toMatchObject({ two_factor_required: true, user: null });
    expect((await again.agent.get('/mypage/user').set(XHR)).status).toBe(401); // not signed in before the second factor
    const step2 = await again.agent.post('/login/two-factor').set(XHR).set('X-CSRF-TOKEN', step1.body.csrfToken).send({ code: enabled.body.recovery_codes[0] });
    expect(step2.body.user.two_factor_enabled).toBe(true);
    expect((await again.agent.get('/session').set(XHR)).body.user.two_factor_pending).toBe(false);

    const third = await client(h);
    const s1 = await third.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', third.token()).send({ email: acct.email, password: acct.password });
    const reused = await third.agent.post('/login/two-factor').set(XHR).set('X-CSRF-TOKEN', s1.body.csrfToken).send({ code: enabled.body.recovery_codes[0] });
    expect(reused.body.message).toBe(M.twoFactorInvalid);
  });

  it('an admin who has not set up two-factor is signed in with the second factor pending (the header shows no マイページ, issue 26)', async () => {
    // an admin made without two-factor (the CLI's accounts set it up at first login)
    const acct = await createAccount(h);
    await h.users.update(acct.user.id, { adminRole: 2 });
    const c = await client(h);
    const login = await c.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email, password: acct.password });
    expect(login.body).toMatchObject({ two_factor_setup_required: true, user: { two_factor_pending: true } });
    expect((await c.agent.get('/session').set(XHR)).body.user.two_factor_pending).toBe(true);
    await c.refresh(); // the login renewed the session and its token
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    const setup = await post('/security/two-factor/setup', {});
    const enabled = await post('/security/two-factor/enable', { code: generateSync({ secret: setup.body.secret }) });
    expect(enabled.body.user.two_factor_pending).toBe(false);
    expect((await c.agent.get('/session').set(XHR)).body.user.two_factor_pending).toBe(false);
    // a customer without two-factor owes nothing
    const member = await signIn(h, await createAccount(h));
    expect((await member.agent.get('/session').set(XHR)).body.user.two_factor_pending).toBe(false);
  });

  it('ends the other sessions of an account when its password changes (logout marker)', async () => {
    const acct = await createAccount(h);
    const a = await signIn(h, acct);
    const b = await signIn(h, acct);
    const r = await a.agent.post('/security/password').set(XHR).set('X-CSRF-TOKEN', a.token()).send({ current_password: acct.password, password: 'a new password 1', password_confirmation: 'a new password 1' });
    expect(r.body.message).toBe(M.passwordChanged);
    expect((await a.agent.get('/mypage/user').set(XHR)).status).toBe(200);
    const ended = await b.agent.get('/mypage/user').set(XHR);
    expect(ended.status).toBe(401);
    expect(ended.body.logout).toBe(true);
  });

  it('resets a password through the mailed link', async () => {
    const acct = await createAccount(h);
    const c = await client(h);
    await c.agent.post('/password/reset').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email: acct.email });
    const [mail] = await mails(h, acct.email);
    const token = tokenOf(mail!.links[0]!);
    const r = await c.agent.post('/password/reset/confirm').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ token, password: 'brand new pass', password_confirmation: 'brand new pass' });
    expect(r.body.message).toBe(M.passwordChanged);
    await expect(signIn(h, { ...acct, password: 'brand new pass' })).resolves.toBeDefined();
  });

  it('changes the e-mail address after the link sent to the new address is followed', async () => {
    const acct = await createAccount(h);
    const c = await signIn(h, acct);
    const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
    const newEmail = uniqueEmail('moved');
    expect((await post('/me/email', { email: newEmail, password: 'wrong password' })).body.errors.password).toEqual([M.currentPasswordWrong]);
    expect((await post('/me/email', { email: newEmail, password: acct.password })).body.message).toBe(M.emailChangeMailSent);
    const [mail] = await mails(h, newEmail);
    expect((await post('/me/email/confirm', { token: tokenOf(mail!.links[0]!) })).body.message).toBe(M.emailChanged);
    expect((await c.agent.get('/session').set(XHR)).body.user.email).toBe(newEmail);
    await expect(signIn(h, { ...acct, email: newEmail })).resolves.toBeDefined();
  });

  describe('user information and verification', () => {
    const phone = () => `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const profile = (p: string) => ({ last_name: '山田', first_name: '太郎', type: 1, company_name: '', address_type: 0, post_code: '104-0061', prefecture: '東京都', address1: '中央区', address2: '銀座1-2-3', address3: '', phone: p });

    it('applies the shared rules and requires SMS or identity verification', async () => {
      const c = await signIn(h, await createAccount(h));
      const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
      const bad = await post('/address/update', { ...profile('12'), last_name: '', address2: '銀座' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ last_name: ['姓を正しく入力してください'], address2: ['番地を正しく入力してください'], phone: [M.phoneNoHyphen] });
      const p = phone();
      expect((await post('/address/update', profile(p))).body.errors).toEqual({ phone: [M.authRequired] });

      expect((await post('/mypage/auth/sms/send', { phone: '' })).body.errors.phone).toEqual([M.enterPhone]);
      expect((await post('/mypage/auth/sms/send', { phone: '0312345678' })).body.errors.phone).toEqual([M.smsMobileOnly]);
      const sent = await post('/mypage/auth/sms/send', { phone: p });
      expect(sent.body).toMatchObject({ success: true, phone: p });
      const resend = await post('/mypage/auth/sms/send', { phone: p });
      expect(resend.status).toBe(429);
      expect(resend.body.errors.phone[0]).toMatch(/^SMSの再送信は\d+秒後にお試しください$/);
      const sms = (await request(h.url).get(`/dev/sms/api/messages?to=${p}`)).body.messages[0];
      const code = /(\d{6})/.exec(sms.body)![1]!;
      expect((await post('/mypage/auth/sms/verify', { phone: p, code: '' })).body.errors.code).toEqual([M.smsCodeRequired]);
      const wrongCode = code === '000000' ? '111111' : '000000';
      expect((await post('/mypage/auth/sms/verify', { phone: p, code: wrongCode })).body.errors.code).toEqual([M.smsCodeWrong]);
      expect((await post('/mypage/auth/sms/verify', { phone: p, code })).body).toMatchObject({ success: true, phone: p });

      const ok = await post('/address/update', profile(p));
      expect(ok.body).toMatchObject({ success: true });
      expect(ok.body.user).toMatchObject({ post_code: '1040061', phone: p, profile_completed: true, phone_authenticated: true, can_purchase: true });
      // the SMS panel verifies a mobile; the profile's own phone may then be a landline
      const landline = await post('/address/update', profile('0312345678'));
      expect(landline.body).toMatchObject({ success: true, user: { phone: '0312345678', can_purchase: true } });
    });

    it('locks a code after 5 wrong tries', async () => {
      const c = await signIn(h, await createAccount(h));
      const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
      const p = phone();
      await post('/mypage/auth/sms/send', { phone: p });
      const code = /(\d{6})/.exec((await request(h.url).get(`/dev/sms/api/messages?to=${p}`)).body.messages[0].body)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push((await post('/mypage/auth/sms/verify', { phone: p, code: wrong })).body.errors.code[0]);
      expect(answers.at(-1)).toBe(M.smsTooManyAttempts);
      expect((await post('/mypage/auth/sms/verify', { phone: p, code })).body.errors.code).toEqual([M.smsCodeExpired]);
    });

    it('lets a super admin (not a normal one) approve an identity, which satisfies the verification', async () => {
      const acct = await createAccount(h);
      const c = await signIn(h, acct);
      const post = (path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);
      expect((await post('/mypage/auth/identity/apply', {})).body.identity_verify_status).toBe(2);
      const normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
      // a normal admin neither views the account nor approves it (002 §6, issue 23)
      expect((await normal.agent.get(`/admin/api/users/${acct.user.id}`).set(XHR)).status).toBe(403);
      const refused = await normal.agent.post(`/admin/api/users/${acct.user.id}/identity/approve`).set(XHR).set('X-CSRF-TOKEN', normal.token()).send({});
      expect(refused.status).toBe(403);
      expect((await h.users.findById(acct.user.id))!.identityVerifyStatus).toBe(2);
      const admin = await signIn(h, await createAccount(h, { adminRole: 1 }));
      const approved = await admin.agent.post(`/admin/api/users/${acct.user.id}/identity/approve`).set(XHR).set('X-CSRF-TOKEN', admin.token()).send({});
      expect(approved.body).toMatchObject({ result: true, identity_verify_status: 1 });
      const ok = await post('/address/update', { ...profile('0312345678') });
      expect(ok.body.user).toMatchObject({ identity_verify_status: 1, can_purchase: true });
    });
  });

  it('serves the postal lookup from bundled data', async () => {
    const r = await request(h.url).get('/postal/1040061').set(XHR);
    expect(r.body).toMatchObject({ prefcode: '13', ja: { address1: '中央区', address2: '銀座' } });
    expect((await request(h.url).get('/postal/0000000').set(XHR)).status).toBe(404);
  });
});
