/**
 * Issue 23 (security review), through the real gateway (PostgreSQL, Redis, the mail catcher): each finding's fix,
 * tried the way the reviewer attacked it. Each test failed on the code before its fix.
 */
import { M } from '@registrar/messages';
import request from 'supertest';
import { client, createAccount, freshTotp, Harness, signIn, startHarness, uniqueEmail } from './gateway-harness';

jest.setTimeout(60_000);

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The mails to an address (waits for at least `min`). */
async function mails(h: Harness, to: string, min = 1): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  let got: Array<{ subject: string; text: string; links: string[] }> = [];
  for (let i = 0; i < 100 && got.length < min; i++) {
    got = (await request(h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages;
    if (got.length < min) await new Promise((res) => setTimeout(res, 100));
  }
  return got;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
type C = Awaited<ReturnType<typeof client>>;
const post = (c: C, path: string, body: object) => c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body);

describe('security review (issue 23)', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); }, 60_000);
  afterAll(async () => h?.close());

  describe('finding 1: account takeover by an early sign-up', () => {
    it('an attacker who signs up the victim\'s address first never gets the account: the victim confirms with their own password', async () => {
      const email = uniqueEmail('victim');
      const attacker = await client(h);
      expect((await post(attacker, '/register', { email, password: 'attacker password', password_confirmation: 'attacker password', agree_terms: true })).status).toBe(200);
      const linkOf = (m: { links: string[] }) => tokenOf(m.links.find((l) => l.includes('/register/confirm?token='))!);
      const theirs = linkOf((await mails(h, email, 1))[0]!);
      const victim = await client(h);
      expect((await post(victim, '/register', { email, password: 'victim password 1', password_confirmation: 'victim password 1', agree_terms: true })).status).toBe(200);
      const all = await mails(h, email, 2);
      expect(all).toHaveLength(2);
      const mine = all.map(linkOf).find((t) => t !== theirs)!;
      // the attacker's link, opened by the victim with the victim's password, activates nothing
      const wrong = await post(victim, '/register/confirm', { token: theirs, password: 'victim password 1' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.password).toEqual([M.signUpPasswordWrong]);
      expect((await post(victim, '/register/confirm', { token: mine })).body.errors.password).toEqual([M.signUpPasswordRequired]);
      expect((await post(victim, '/register/confirm', { token: mine, password: 'victim password 1' })).body.message).toBe(M.emailConfirmedSignedIn);
      await victim.refresh(); // the confirmation signed the victim in (a new session and token)
      expect((await post(attacker, '/login', { email, password: 'attacker password' })).body.message).toBe(M.badCredentials);
      expect((await post(victim, '/login', { email, password: 'victim password 1' })).status).toBe(200);
      // the attacker's own link is void once the address is confirmed
      expect((await post(attacker, '/register/confirm', { token: theirs, password: 'attacker password' })).body.message).toBe(M.linkInvalid);
    });

    it('tells the old address about an e-mail change, and its link takes the change back for 7 days (sessions end)', async () => {
      const acct = await createAccount(h);
      const c = await signIn(h, acct);
      const to = uniqueEmail('moved');
      expect((await post(c, '/me/email', { email: to, password: acct.password })).status).toBe(200);
      const [confirmMail] = await mails(h, to);
      expect((await post(c, '/me/email/confirm', { token: tokenOf(confirmMail!.links[0]!) })).body.message).toBe(M.emailChanged);
      const notice = (await mails(h, acct.email)).find((m) => m.subject.includes('メールアドレス変更のお知らせ'));
      expect(notice).toBeDefined();
      expect(notice!.text).toContain(to);
      expect(notice!.text).toContain('7日間');
      const undoLink = notice!.links.find((l) => l.includes('/me/undo?token='))!;
      const stranger = await client(h);
      expect((await post(stranger, '/me/undo', { token: tokenOf(undoLink) })).body.message).toBe(M.emailChangeUndone);
      expect((await h.users.findById(acct.user.id))!.email).toBe(acct.email.toLowerCase());
      // the session opened before is over
      expect((await c.agent.get('/session').set(XHR)).body.user).toBeNull();
      expect((await post(stranger, '/me/undo', { token: tokenOf(undoLink) })).body.message).toBe(M.linkInvalid);
    });

    it('tells the address about a password change, and its link restores the old password', async () => {
      const acct = await createAccount(h);
      const c = await signIn(h, acct);
      expect((await post(c, '/security/password', { current_password: acct.password, password: 'taken over 123', password_confirmation: 'taken over 123' })).status).toBe(200);
      const notice = (await mails(h, acct.email)).find((m) => m.subject.includes('パスワード変更のお知らせ'));
      expect(notice).toBeDefined();
      const other = await client(h);
      expect((await post(other, '/me/undo', { token: tokenOf(notice!.links.find((l) => l.includes('/me/undo?token='))!) })).body.message).toBe(M.passwordChangeUndone);
      expect((await c.agent.get('/session').set(XHR)).body.user).toBeNull();
      expect((await post(other, '/login', { email: acct.email, password: 'taken over 123' })).body.message).toBe(M.badCredentials);
      expect((await post(other, '/login', { email: acct.email, password: acct.password })).status).toBe(200);
    });
  });

  describe('finding 10: a stranger\'s wrong passwords do not lock the owner out', () => {
    let ipSeq = Math.floor(Math.random() * 200);
    const ip = () => `203.0.113.${(++ipSeq % 250) + 1}`;
    const loginFrom = (c: C, from: string, body: object) => c.agent.post('/login').set(XHR).set('X-CSRF-TOKEN', c.token()).set('X-Forwarded-For', from).send(body);
    async function lockOut(email: string) {
      const stranger = await client(h);
      for (let i = 0; i < 6; i++) await loginFrom(stranger, ip(), { email, password: `guess ${i}` });
      expect((await loginFrom(stranger, ip(), { email, password: 'guess again' })).status).toBe(429);
    }

    it('the browser the owner signed in from before still gets in with the right password', async () => {
      const acct = await createAccount(h);
      const browser = await client(h);
      const home = ip();
      expect((await loginFrom(browser, home, { email: acct.email, password: acct.password })).status).toBe(200);
      await browser.agent.post('/logout').set(XHR).set('X-CSRF-TOKEN', browser.token());
      await browser.refresh();
      await lockOut(acct.email);
      // a new browser is refused, even with the right password...
      const other = await client(h);
      expect((await loginFrom(other, ip(), { email: acct.email, password: acct.password })).status).toBe(429);
      // ...the owner's known browser is not
      const again = await loginFrom(browser, home, { email: acct.email, password: acct.password });
      expect(again.status).toBe(200);
      expect(again.body.user.email).toBe(acct.email.toLowerCase());
    });

    it('an admin (second factor) gets in from a new browser with password and code together; a wrong code changes nothing', async () => {
      const acct = await createAccount(h, { adminRole: 1 });
      await lockOut(acct.email);
      const fresh = await client(h);
      const from = ip();
      expect((await loginFrom(fresh, from, { email: acct.email, password: acct.password })).status).toBe(429);
      const wrong = await loginFrom(fresh, from, { email: acct.email, password: acct.password, code: '000000' });
      expect(wrong.status).toBe(429);
      const wrongPassword = await loginFrom(fresh, from, { email: acct.email, password: 'not it', code: await freshTotp(acct.email, acct.totpSecret!) });
      expect(wrongPassword.status).toBe(429);
      expect(wrongPassword.body.message).toBe(wrong.body.message); // nothing tells the password was wrong
      const ok = await loginFrom(fresh, from, { email: acct.email, password: acct.password, code: await freshTotp(acct.email, acct.totpSecret!) });
      expect(ok.status).toBe(200);
      expect(ok.body.two_factor_required).toBe(false);
      await fresh.refresh();
      expect((await fresh.agent.get('/admin/api/audit_log').set(XHR)).status).toBe(200);
    });
  });
});
