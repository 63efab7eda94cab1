/**
 * Notifications end to end at the HTTP edge (002 §2, §4, §7; issues 16 and 17): super admins author notifications and
 * header announcements (normal admins and members are refused), the HTML is sanitised, the top page box and the
 * all-notifications page list released ones, and the bell answers both unread counters and marks them read.
 */
import { Client } from 'pg';
import { createAccount, Harness, signIn, startHarness } from './gateway-harness';

jest.setTimeout(90_000);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type Signed = Awaited<ReturnType<typeof signIn>>;
const post = (c: Signed, url: string, body: unknown = {}) => c.agent.post(url).set(XHR).set('X-CSRF-TOKEN', c.token()).send(body as object);
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('notifications and header announcements', () => {
  let h: Harness;
  let db: Client;
  let superAdmin: Signed;
  let normal: Signed;
  let member: Signed;
  const tag = `t${Date.now()}`;

  beforeAll(async () => {
    h = await startHarness();
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    // this file owns the notification tables while it runs (other gateway tests never write them)
    await db.query('DELETE FROM identity.notifications');
    await db.query('DELETE FROM identity.header_announcements');
    superAdmin = await signIn(h, await createAccount(h, { adminRole: 1 }));
    normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    member = await signIn(h, await createAccount(h));
  }, 90_000);
  afterAll(async () => { await db?.end(); await h?.close(); });

  it('lets only super admins author, and answers the spec messages for bad input without saving anything', async () => {
    const good = { title: `${tag} 重要`, type: 1, release_date: ago(1), description: '<p>本文</p>' };
    expect((await post(normal, '/admin/api/notifications', good)).status).toBe(403);
    expect((await post(member, '/admin/api/notifications', good)).status).toBe(403);
    expect((await post(normal, '/admin/api/header_announcements', { categoryId: 1, content: 'x' })).status).toBe(403);
    expect((await normal.agent.get('/admin/api/notifications').set(XHR)).status).toBe(403);
    expect((await fetch(`${h.url}/admin/api/notifications`, { headers: XHR })).status).toBe(401);

    const bad = await post(superAdmin, '/admin/api/notifications', { title: '', type: 9, release_date: '2026-02-30', description: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      title: ['タイトルを入力してください'], type: ['種別を選択してください'], release_date: ['日時を正しく入力してください'], description: ['本文を入力してください'],
    });
    const badAnn = await post(superAdmin, '/admin/api/header_announcements', { categoryId: 7, content: 'x', reDisplayPeriod: '0' });
    expect(badAnn.status).toBe(422);
    expect(badAnn.body.errors).toEqual({ categoryId: ['カテゴリを選択してください'], reDisplayPeriod: ['再表示までの日数は1〜365の半角数字で入力してください'] });
    const onlyScript = await post(superAdmin, '/admin/api/header_announcements', { categoryId: 1, content: '<script>alert(1)</script>' });
    expect(onlyScript.body.errors).toEqual({ content: ['内容を入力してください'] });
    expect((await db.query('SELECT count(*)::int AS c FROM identity.notifications')).rows[0].c).toBe(0);
    expect((await db.query('SELECT count(*)::int AS c FROM identity.header_announcements')).rows[0].c).toBe(0);
  });

  it('sanitises announcement HTML, serves the active ones with their category names, and audits the change', async () => {
    const r = await post(superAdmin, '/admin/api/header_announcements', {
      categoryId: 2, reDisplayPeriod: '3',
      content: `<b>${tag}</b> <img src=x onerror="alert(1)"><script>document.cookie</script><a href="javascript:alert(1)">bad</a> <a href="https://example.com/x" onclick="steal()" style="color:red">ok</a>`,
    });
    expect(r.status).toBe(200);
    const stored = (await db.query('SELECT content FROM identity.header_announcements WHERE id = $1', [r.body.announcement.id])).rows[0].content as string;
    expect(stored).toBe(`<b>${tag}</b> <a rel="noopener noreferrer">bad</a> <a href="https://example.com/x" rel="noopener noreferrer">ok</a>`);
    // one written straight into the table (say by an older tool) is still sanitised when served
    await db.query(`INSERT INTO identity.header_announcements (category_id, content) VALUES (6, '<i>raw</i><iframe src="https://evil"></iframe><svg onload=alert(1)>')`);
    await db.query(`INSERT INTO identity.header_announcements (category_id, content, end_at) VALUES (1, 'ended', now() - interval '1 day')`);

    const list = await fetch(`${h.url}/notifications/header_announcements`, { headers: XHR }).then((x) => x.json());
    expect(list.announcements).toEqual([
      { id: expect.any(Number), categoryId: 6, categoryName: 'お知らせ', content: '<i>raw</i>', reDisplayPeriod: null },
      { id: r.body.announcement.id, categoryId: 2, categoryName: 'キャンペーン', content: stored, reDisplayPeriod: 3 },
    ]);

    const log = await superAdmin.agent.get('/admin/api/audit_log').query({ action: 'announcement.create' }).set(XHR);
    expect(log.body.auditLogs.data[0]).toMatchObject({ action: 'announcement.create', target: String(r.body.announcement.id), status: 200, after: { categoryId: 2 } });

    const del = await post(superAdmin, `/admin/api/header_announcements/${r.body.announcement.id}/delete`);
    expect(del.body).toMatchObject({ result: true });
    const after = await fetch(`${h.url}/notifications/header_announcements`, { headers: XHR }).then((x) => x.json());
    expect(after.announcements.map((a: { id: number }) => a.id)).not.toContain(r.body.announcement.id);
  });

  it('lists released notifications for everyone, cuts titles at 62, and keeps the bell counters per member', async () => {
    const long = `${tag} ${'あ'.repeat(80)}`;
    const made: number[] = [];
    for (const n of [
      { title: long, type: 1, release_date: ago(3), description: '<p>重要<script>x()</script></p>' },
      { title: `${tag} キャンペーン`, type: 2, release_date: ago(2), description: 'c' },
      { title: `${tag} 更新`, type: 3, release_date: ago(1), description: 'u' },
      { title: `${tag} 未来`, type: 4, release_date: new Date(Date.now() + 86_400_000).toISOString(), description: 'f' },
    ]) {
      const r = await post(superAdmin, '/admin/api/notifications', n);
      expect(r.status).toBe(200);
      made.push(r.body.notification.id);
    }
    const top = await fetch(`${h.url}/top/notifications`, { headers: XHR }).then((x) => x.json());
    expect(top.notifications.map((n: { id: number }) => n.id)).toEqual([made[2], made[1], made[0]]); // released only, newest first
    const first = top.notifications[2];
    expect(Array.from(first.title as string)).toHaveLength(65); // 62 characters and '...'
    expect(first.title).toBe(`${Array.from(long).slice(0, 62).join('')}...`);
    expect(first.full_title).toBe(long);
    expect(first.description).toBe('<p>重要</p>');

    const all = await fetch(`${h.url}/notifications?type=2`, { headers: XHR }).then((x) => x.json());
    expect(all.notifications).toMatchObject({ total: 1, current_page: 1, last_page: 1, data: [{ id: made[1], type: 2 }] });

    expect((await fetch(`${h.url}/mypage/notification/header`, { headers: XHR })).status).toBe(401);
    const bell = await member.agent.get('/mypage/notification/header').set(XHR);
    expect(bell.status).toBe(200);
    expect(bell.body.unreadNotifications).toEqual({ normal: 2, campaign: 1 });
    expect(bell.body.notifications.map((n: { id: number; is_read: boolean }) => [n.id, n.is_read])).toEqual([[made[2], false], [made[1], false], [made[0], false]]);

    // reading one, then opening the bell (no id) reads the rest; another member's marks are their own
    expect((await post(member, '/mypage/notification', { notificationId: made[1] })).body).toEqual({ result: true, marked: 1 });
    expect((await member.agent.get('/mypage/notification/header').set(XHR)).body.unreadNotifications).toEqual({ normal: 2, campaign: 0 });
    expect((await post(member, '/mypage/notification', { notificationId: 'abc' })).status).toBe(422);
    expect((await member.agent.post('/mypage/notification').set(XHR).send({})).status).toBe(419); // no CSRF token
    expect((await post(member, '/mypage/notification')).body).toEqual({ result: true, marked: 2 });
    const read = await member.agent.get('/mypage/notification/header').set(XHR);
    expect(read.body.unreadNotifications).toEqual({ normal: 0, campaign: 0 });
    expect(read.body.notifications.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    expect((await superAdmin.agent.get('/mypage/notification/header').set(XHR)).body.unreadNotifications).toEqual({ normal: 2, campaign: 1 });

    // once the future one is released it is unread again for the member
    await db.query(`UPDATE identity.notifications SET release_date = now() - interval '1 minute' WHERE id = $1`, [made[3]]);
    expect((await member.agent.get('/mypage/notification/header').set(XHR)).body.unreadNotifications).toEqual({ normal: 1, campaign: 0 });
    // the service form (POST notification with serviceId): another service's id is refused, ours reads the rest
    expect((await post(member, '/notification', { serviceId: 'other-service' })).status).toBe(422);
    expect((await member.agent.get('/mypage/notification/header').set(XHR)).body.unreadNotifications).toEqual({ normal: 1, campaign: 0 });
    expect((await fetch(`${h.url}/notification`, { method: 'POST', headers: XHR })).status).not.toBe(200);
    expect((await post(member, '/notification', { serviceId: 'domain' })).body).toEqual({ result: true, marked: 1 });
    expect((await member.agent.get('/mypage/notification/header').set(XHR)).body.unreadNotifications).toEqual({ normal: 0, campaign: 0 });

    const edit = await post(superAdmin, `/admin/api/notifications/${made[3]}`, { title: `${tag} 変更`, type: 4, release_date: ago(0), description: 'x' });
    expect(edit.body.notification.title).toBe(`${tag} 変更`);
    expect((await post(superAdmin, '/admin/api/notifications/999999999', { title: 'a', type: 1, release_date: ago(0), description: 'x' })).status).toBe(404);
    const admin = await superAdmin.agent.get('/admin/api/notifications').set(XHR);
    expect(admin.body.notifications.total).toBe(4);
  });
});
