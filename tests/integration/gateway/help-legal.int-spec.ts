/**
 * Trust pages and the help centre at the HTTP edge (issue 25): consent at sign-up (refused without it, rows with the
 * documents' versions after it), consents of checkout / renewal / transfer and re-consent after a terms change, the
 * legal documents with the operator, the services map (none by default), help search finding Japanese words of two
 * characters, and article editing for super admins only, sanitised.
 */
import { Client } from 'pg';
import { M } from '@registrar/messages';
import { currentConsentVersions } from '@registrar/identity';
import { client, createAccount, Harness, signIn, startHarness, uniqueEmail } from './gateway-harness';

jest.setTimeout(90_000);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type Signed = Awaited<ReturnType<typeof signIn>>;
const post = (c: Signed, url: string, body: unknown = {}) => c.agent.post(url).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body as object);
const get = (h: Harness, url: string) => fetch(`${h.url}${url}`, { headers: XHR }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));

describe('legal pages, consents and the help centre', () => {
  let h: Harness;
  let db: Client;
  const versions = currentConsentVersions();

  beforeAll(async () => {
    h = await startHarness();
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 90_000);
  afterAll(async () => { await db?.end(); await h?.close(); });

  const consentsOf = async (userId: number) =>
    (await db.query('SELECT document, version, context FROM identity.consents WHERE user_id = $1 ORDER BY id', [userId])).rows as { document: string; version: string; context: string }[];

  it('refuses a sign-up without the agreement, with a clear message, and creates nothing', async () => {
    const c = await client(h);
    const email = uniqueEmail('noconsent');
    const r = await c.agent.post('/register').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email, password: 'long enough pw', password_confirmation: 'long enough pw' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ agree_terms: [M.signUpConsentRequired] });
    const ticked = await c.agent.post('/register').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email, password: 'long enough pw', password_confirmation: 'long enough pw', agree_terms: false });
    expect(ticked.status).toBe(422);
    expect(await h.users.findByEmail(email)).toBeNull();
  });

  it('records the terms and the privacy policy with their versions at sign-up', async () => {
    const c = await client(h);
    const email = uniqueEmail('consent');
    const r = await c.agent.post('/register').set(XHR).set('X-CSRF-TOKEN', c.token()).send({ email, password: 'long enough pw', password_confirmation: 'long enough pw', agree_terms: true });
    expect(r.status).toBe(200);
    const user = (await h.users.findByEmail(email))!;
    expect(await consentsOf(user.id)).toEqual([
      { document: 'terms', version: versions.terms, context: 'signup' },
      { document: 'privacy', version: versions.privacy, context: 'signup' },
    ]);
  });

  it('records the agreement of a checkout, renewal and transfer, refuses stale versions, and asks again after a terms change', async () => {
    const account = await createAccount(h);
    const member = await signIn(h, account);
    // a member who never agreed (created before consents were recorded) is asked at the next page
    let pending = await member.agent.get('/consents/pending').set(XHR);
    expect(pending.body.pending.map((p: { document: string }) => p.document)).toEqual(['terms', 'privacy']);

    for (const context of ['checkout', 'renewal', 'transfer']) expect((await post(member, '/consents', { context, documents: [{ document: 'terms' }] })).status).toBe(200);
    expect(await consentsOf(account.user.id)).toEqual(['checkout', 'renewal', 'transfer'].map((context) => ({ document: 'terms', version: versions.terms, context })));
    const stale = await post(member, '/consents', { context: 'checkout', documents: [{ document: 'terms', version: '2000-01-01' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(M.consentVersionChanged);
    expect((await post(member, '/consents', { context: 'signup', documents: [{ document: 'terms' }] })).status).toBe(400);
    expect((await post(member, '/consents', { context: 'checkout', documents: [{ document: 'cookies' }] })).status).toBe(400);
    expect((await fetch(`${h.url}/consents`, { method: 'POST', headers: { ...XHR, 'Content-Type': 'application/json' }, body: '{"context":"checkout","documents":[{"document":"terms"}]}' })).status).toBeGreaterThanOrEqual(401);

    // the terms were agreed in their current version; the privacy policy is still owed
    pending = await member.agent.get('/consents/pending').set(XHR);
    expect(pending.body.pending.map((p: { document: string }) => p.document)).toEqual(['privacy']);
    // an older version of the terms only (what a member has after the terms change) → asked again
    await db.query(`UPDATE identity.consents SET version = '2020-01-01' WHERE user_id = $1`, [account.user.id]);
    pending = await member.agent.get('/consents/pending').set(XHR);
    expect(pending.body.pending).toEqual([
      expect.objectContaining({ document: 'terms', version: versions.terms, everAgreed: true }),
      expect.objectContaining({ document: 'privacy', version: versions.privacy, everAgreed: false }),
    ]);
    const again = await post(member, '/consents', { context: 'reconsent', documents: pending.body.pending.map((p: { document: string; version: string }) => ({ document: p.document, version: p.version })) });
    expect(again.body.message).toBe(M.reconsentAgreed);
    expect((await member.agent.get('/consents/pending').set(XHR)).body.pending).toEqual([]);
  });

  it('serves the legal documents with the operator marked as a sample outside production, and an empty services map', async () => {
    const site = await get(h, '/site/config');
    expect(site.body.services).toEqual({});
    expect(site.body.operator.legal_name).toContain('（サンプル）');
    expect(site.body.legal).toEqual(versions);
    for (const key of ['terms', 'privacy', 'tokushoho', 'company']) {
      const d = await get(h, `/legal/${key}`);
      expect(d.status).toBe(200);
      expect(d.body.html).toContain(site.body.operator.legal_name);
      expect(d.body.html).not.toContain('{{');
    }
    expect((await get(h, '/legal/terms')).body.html).toContain('準拠法');
    expect((await get(h, '/legal/tokushoho')).body.html).toContain('返品・キャンセル');
    expect((await get(h, '/legal/nope')).status).toBe(404);
  });

  it('finds articles by Japanese words of two characters, by DNS in any width, and ranks title matches first', async () => {
    const search = async (s: string) => (await get(h, `/help/articles?s=${encodeURIComponent(s)}`)).body.articles as { slug: string; title: string; snippet: string }[];
    const iKan = await search('移管');
    expect(iKan.map((a) => a.slug)).toEqual(expect.arrayContaining(['transfer-in', 'transfer-out', 'free-transfer']));
    expect(iKan[0]!.title).toContain('移管');
    expect(iKan.every((a) => a.snippet.length > 0)).toBe(true);
    const dns = await search('DNS');
    expect(dns.map((a) => a.slug)).toEqual(expect.arrayContaining(['dns-records', 'dns-hosting-examples', 'nameservers']));
    expect((await search('ｄｎｓ')).map((a) => a.slug)).toEqual(dns.map((a) => a.slug));
    expect((await search('更新')).map((a) => a.slug)).toEqual(expect.arrayContaining(['renewal', 'auto-renew', 'grace-restore']));
    // several words: all must occur
    expect((await search('自動更新 カード')).map((a) => a.slug)).toContain('auto-renew');
    expect(await search('存在しない言葉ぽよ')).toEqual([]);
    // LIKE wildcards are literal
    expect(await search('%')).toEqual([]);
    // an article by number (the banner's /knowledge/205/) and by slug
    expect((await get(h, '/help/articles/205')).body.article.slug).toBe('free-features');
    expect((await get(h, '/help/articles/free-transfer')).body.article.body_html).toContain('<ol>');
    expect((await get(h, '/help/articles/no-such')).status).toBe(404);
    const cats = (await get(h, '/help/categories')).body.categories as { slug: string; article_count: number }[];
    expect(cats.filter((c) => c.slug !== 'faq').reduce((n, c) => n + c.article_count, 0)).toBeGreaterThanOrEqual(30);
  });

  it('lets only super admins edit articles, sanitises the Markdown, and keeps the edit over the shipped file', async () => {
    const superAdmin = await signIn(h, await createAccount(h, { adminRole: 1 }));
    const normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    const member = await signIn(h, await createAccount(h));
    const body = { title: 'テスト記事 移管の補足', slug: `test-${Date.now()}`, category_slug: 'transfer', summary: '概要', body_md: '## 手順\n\n1. 押す\n\n<script>alert(1)</script><a href="javascript:alert(1)">x</a>', ordinal: 99, published: true };
    expect((await post(normal, '/admin/api/help/articles', body)).status).toBe(403);
    expect((await post(member, '/admin/api/help/articles', body)).status).toBe(403);
    expect((await post(member, '/admin/api/help/preview', { body_md: '# x' })).status).toBe(403);

    const bad = await post(superAdmin, '/admin/api/help/articles', { ...body, title: '', slug: 'Bad Slug', category_slug: 'nope', body_md: ' ' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ title: [M.helpTitleRequired], slug: [M.helpSlugInvalid], category_slug: [M.helpCategoryInvalid], body_md: [M.helpBodyRequired] });
    expect((await post(superAdmin, '/admin/api/help/articles', { ...body, slug: 'transfer-in' })).body.errors).toEqual({ slug: [M.helpSlugTaken] });

    const preview = await post(superAdmin, '/admin/api/help/preview', { body_md: body.body_md });
    expect(preview.body.html).toContain('<h2>手順</h2>');
    expect(preview.body.html).not.toMatch(/script|javascript:/);

    const created = await post(superAdmin, '/admin/api/help/articles', body);
    expect(created.status).toBe(200);
    const id = created.body.article.id as number;
    expect(created.body.article.body_html).not.toMatch(/script|javascript:/);
    const found = (await get(h, `/help/articles?s=${encodeURIComponent('移管の補足')}`)).body.articles as { id: number }[];
    expect(found.map((a) => a.id)).toEqual([id]);

    // editing a shipped article keeps the admin's text (the seed at the next boot does not overwrite it)
    const shipped = (await superAdmin.agent.get('/admin/api/help/articles/140').set(XHR)).body.article;
    const edited = await post(superAdmin, '/admin/api/help/articles/140', { ...shipped, body_md: `${shipped.body_md}\n\n管理者の追記ぴよ` });
    expect(edited.status).toBe(200);
    const { HelpSeedService } = await import('../../../libs/gateway/src/help/help-seed.service');
    await h.app.get(HelpSeedService).onApplicationBootstrap();
    expect((await get(h, '/help/articles/140')).body.article.body_html).toContain('管理者の追記ぴよ');
    const audited = await db.query(`SELECT count(*)::int AS c FROM identity.admin_audit_log WHERE action = 'help.update' AND target = '140'`);
    expect(audited.rows[0].c).toBeGreaterThanOrEqual(1);

    // an edited article goes back to the shipped text once it is marked unedited (what the seed refreshes)
    await db.query('UPDATE identity.help_articles SET updated_by = NULL WHERE id = 140');
    await h.app.get(HelpSeedService).onApplicationBootstrap();
    expect((await get(h, '/help/articles/140')).body.article.body_html).not.toContain('管理者の追記ぴよ');

    // unpublished: gone from the public side
    await post(superAdmin, `/admin/api/help/articles/${id}`, { ...body, published: false });
    expect((await get(h, `/help/articles/${id}`)).status).toBe(404);
  });
});
