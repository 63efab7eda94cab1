/**
 * Members' custom prices and the TLD import (002 §2, §5, §7, §8), for real: the gateway, the catalog, orders and
 * domain-ops services, the registry simulator. A super admin puts a member in a price group; the member's estimate,
 * checkout (the charged points) and renewal quote (the cart's view: libs/orders cart.service.spec) follow the group (a margin, or a fixed price per TLD);
 * removing the group restores list prices. Every message of the screen; normal admins are refused. The TLD import
 * rows run the catalog's loader on the bundled files; an uploaded CSV is validated first and changes nothing when bad.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { M } from '@registrar/messages';
import { registrationTotal, withMargin } from '@registrar/rules';
import { createAccount, signIn } from '../gateway/gateway-harness';
import { client as eppClient, freeName } from '../epp/epp-harness';
import { Member, PurchaseHarness, startPurchaseHarness, waitForOrder, xhr } from '../purchase/purchase-harness';

jest.setTimeout(180_000);

let p: PurchaseHarness;
let epp: EppClientPool;
let superAdmin: Member;
let normal: Member;

beforeAll(async () => {
  p = await startPurchaseHarness();
  epp = eppClient();
  const s = await createAccount(p.h, { adminRole: 1 });
  superAdmin = { ...(await signIn(p.h, s)), userId: s.user.id };
  const n = await createAccount(p.h, { adminRole: 2 });
  normal = { ...(await signIn(p.h, n)), userId: n.user.id };
}, 180_000);
afterAll(async () => {
  await epp?.close();
  await p?.close();
}, 60_000);

const post = (c: Member, url: string, body: unknown) => c.agent.post(url).set(xhr(c)).send(body as object);

async function estimate(c: Member, names: string[]) {
  const q = names.map((n) => `domainNames[]=${encodeURIComponent(n)}`).join('&');
  const r = await c.agent.get(`/mypage/domain/price/estimate/campaign?${q}`).set(xhr(c)).expect(200);
  return r.body as Array<{ requestDomain: string; registerPrice: number; renewPrice: number; isCampaign: boolean; minimum_years: number; error: string | null }>;
}

describe('user custom prices', () => {
  it('answers every message of the screen and refuses normal admins', async () => {
    const empty = await post(superAdmin, '/admin/api/user_custom_price/regist', {}).expect(422);
    expect(empty.body.errors).toEqual({ userId: [M.enterUserId], priceGroup: [M.selectPriceGroup] });
    const digits = await post(superAdmin, '/admin/api/user_custom_price/regist', { userId: '12x', priceGroup: 1 }).expect(422);
    expect(digits.body.errors).toEqual({ userId: [M.userIdDigits] });
    // 002 §5: half-width digits only, so a full-width id (an existing member's) is refused, not converted, and nothing is registered
    const fullWidth = String(normal.userId).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    for (const url of ['/admin/api/user_custom_price/regist', '/admin/api/user_custom_price/delete', '/admin/api/user_custom_price/search']) {
      const r = await post(superAdmin, url, { userId: fullWidth, priceGroup: 1 }).expect(422);
      expect(r.body.errors).toEqual({ userId: [M.userIdDigits] });
    }
    expect((await post(superAdmin, '/admin/api/user_custom_price/search', { userId: String(normal.userId) }).expect(200)).body.users).toEqual([]);
    const nobody = await post(superAdmin, '/admin/api/user_custom_price/regist', { userId: '999999999', priceGroup: 1 }).expect(422);
    expect(nobody.body.errors).toEqual({ userId: [M.userNotFound] });
    const unknownGroup = await post(superAdmin, '/admin/api/user_custom_price/regist', { userId: String(normal.userId), priceGroup: 999 }).expect(422);
    expect(unknownGroup.body.errors).toEqual({ priceGroup: [M.selectPriceGroup] });
    const removeEmpty = await post(superAdmin, '/admin/api/user_custom_price/delete', {}).expect(422);
    expect(removeEmpty.body.errors).toEqual({ userId: [M.enterUserId] });
    for (const url of ['/admin/api/user_custom_price/search', '/admin/api/user_custom_price/regist', '/admin/api/user_custom_price/delete']) {
      expect((await post(normal, url, { userId: String(normal.userId), priceGroup: 1 })).status).toBe(403);
    }
    const search = await post(superAdmin, '/admin/api/user_custom_price/search', {}).expect(200);
    expect(search.body.result).toBe(true);
    expect(search.body.priceGroups.map((g: { id: number; jpName: string }) => g.id)).toEqual([1, 2, 3, 4]);
    expect(search.body.priceGroups[0].jpName).toBe('リセラー価格（10%引き）');
  });

  it('charges a member in a margin group the group\'s price in estimate, checkout and renewal; removal restores list prices', async () => {
    const member = await p.member(30_000);
    const name = await freeName(epp, 'org', 'cp');
    const [list] = await estimate(member, [name]);
    expect(list.error).toBeNull();
    expect(list.isCampaign).toBe(false);

    const reg = await post(superAdmin, '/admin/api/user_custom_price/regist', { userId: String(member.userId), priceGroup: '1' }).expect(200);
    expect(reg.body).toMatchObject({ result: true, message: M.customPriceRegistered });
    const found = await post(superAdmin, '/admin/api/user_custom_price/search', { userId: String(member.userId) }).expect(200);
    expect(found.body.users).toEqual([expect.objectContaining({ id: member.userId, price_group: 1, jpName: 'リセラー価格（10%引き）' })]);

    const [mine] = await estimate(member, [name]);
    expect(mine.registerPrice).toBe(withMargin(list.registerPrice, -10));
    expect(mine.renewPrice).toBe(withMargin(list.renewPrice, -10));
    // the public price list and the TLD page show the member the group's prices; a guest still sees list prices
    type Row = { tld_name: string; register: number | null; renew: number | null; is_register_campaign: boolean };
    const orgRow = (rows: Row[]) => rows.find((r) => r.tld_name === 'org')!;
    const guestList = orgRow((await request(p.h.url).get('/domain/price/search').expect(200)).body.tldPrices);
    const memberList = orgRow((await member.agent.get('/domain/price/search').expect(200)).body.tldPrices);
    expect(guestList.renew).toBe(list.renewPrice);
    expect(memberList.renew).toBe(withMargin(list.renewPrice, -10));
    expect(memberList.register).toBe(mine.registerPrice);
    const page = (await member.agent.get('/domain/tld/org').set('X-Requested-With', 'XMLHttpRequest').expect(200)).body as { price: Row };
    expect(page.price.renew).toBe(withMargin(list.renewPrice, -10));
    // checkout: the list price is refused, the group's price is charged
    const period = mine.minimum_years;
    const listTotal = registrationTotal(list.registerPrice, list.renewPrice, period);
    const refused = await post(member, '/mypage/domain/create', { domains: [{ name, period, point: listTotal }], totalFee: listTotal, point: listTotal, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
    expect(refused.body.errors).toEqual([`${name}の価格が変更されました。もう一度お試しください`]);
    const total = registrationTotal(mine.registerPrice, mine.renewPrice, period);
    const made = await post(member, '/mypage/domain/create', { domains: [{ name, period, point: total }], totalFee: total, point: total, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
    expect(made.body.result).toBe(true);
    const done = await waitForOrder(member, made.body.orderId);
    expect(done.domains[0].status).toBe('done');
    expect(await p.balance(member.userId)).toBe(30_000 - total);

    // the renewal quote of the domain bought follows the group too
    const ready = await post(member, '/mypage/domain/ready', { domainIds: [done.domains[0].domain_pk_id] }).expect(200);
    expect(ready.body.domains[0].renew).toBe(withMargin(list.renewPrice, -10));

    const audit = await superAdmin.agent.get('/admin/api/audit_log').query({ action: 'user_custom_price.register', target: String(member.userId) }).set(xhr(superAdmin)).expect(200);
    expect(audit.body.auditLogs.data[0]).toMatchObject({ before: { price_group: null }, after: { price_group: 1 } });

    const removed = await post(superAdmin, '/admin/api/user_custom_price/delete', { userId: String(member.userId) }).expect(200);
    expect(removed.body).toMatchObject({ result: true, message: M.customPriceRemoved });
    const [back] = await estimate(member, [await freeName(epp, 'org', 'cp')]);
    expect(back.registerPrice).toBe(list.registerPrice);
    expect((await post(superAdmin, '/admin/api/user_custom_price/search', { userId: String(member.userId) }).expect(200)).body.users).toEqual([]);
  });

  it('uses the fixed price of the TLD in a fixed-price group, a lower campaign price still winning', async () => {
    const member = await p.member();
    const com = await freeName(epp, 'com', 'cpf');
    const org = await freeName(epp, 'org', 'cpf');
    const [listCom, listOrg] = await estimate(member, [com, org]);
    await post(superAdmin, '/admin/api/user_custom_price/regist', { userId: String(member.userId), priceGroup: 3 }).expect(200);
    const [fixedCom, marginOrg] = await estimate(member, [com, org]);
    expect(fixedCom.renewPrice).toBe(1518);
    expect(fixedCom.registerPrice).toBe(listCom.isCampaign ? Math.min(listCom.registerPrice, 1298) : 1298);
    expect(marginOrg.registerPrice).toBe(withMargin(listOrg.registerPrice, -15));
  });
});

describe('TLD import', () => {
  it('runs each import row on the bundled files with the spec\'s counts, and tells whether next month\'s prices exist', async () => {
    const tld = await post(superAdmin, '/admin/api/tld/import', {}).expect(200);
    expect(tld.body).toMatchObject({ result: true, updateCnt: 430 });
    const price = await post(superAdmin, '/admin/api/tld_price/import', {}).expect(200);
    expect(price.body.result).toBe(true);
    expect(price.body.recordCnt).toBeGreaterThan(430);
    const cat = await post(superAdmin, '/admin/api/tld_category/import', {}).expect(200);
    expect(cat.body).toMatchObject({ result: true });
    expect(cat.body.categoryCnt).toBeGreaterThan(10);
    expect(cat.body.categoryGroupCnt).toBeGreaterThan(cat.body.categoryCnt);
    const exists = await superAdmin.agent.get('/admin/api/tld_price/exists').set(xhr(superAdmin)).expect(200);
    const loaded = (await p.db.query('SELECT 1 FROM catalog.tld_price WHERE effective_month = $1 LIMIT 1', [exists.body.month])).rowCount! > 0;
    expect(exists.body.result).toBe(loaded);
    expect(exists.body.message).toBe(loaded ? null : M.nextMonthPricesMissing);
    expect((await post(normal, '/admin/api/tld/import', {})).status).toBe(403);
    expect((await normal.agent.get('/admin/api/tld_price/exists').set(xhr(normal))).status).toBe(403);
  });

  it('validates an uploaded master CSV before writing: a bad row changes nothing, a good file is imported', async () => {
    const before = (await p.db.query("SELECT register FROM catalog.tld_price p JOIN catalog.tld t ON t.id = p.tld_id WHERE t.tld_name = 'org' ORDER BY effective_month LIMIT 1")).rows[0].register;
    const header = 'tld_name,effective_month,is_idn_price,register,renew,transfer,restore,register_normal,renew_normal,transfer_normal,is_register_campaign,is_register_special,is_renew_campaign,is_renew_special,is_transfer_campaign,is_transfer_special';
    const bad = `${header}\norg,2099-01,0,999,999,999,0,999,999,999,0,0,0,0,0,0\nnosuchtld,2099-01,0,1,1,1,0,1,1,1,0,0,0,0,0,0\n`;
    const refused = await superAdmin.agent.post('/admin/api/master_data/upload').set(xhr(superAdmin)).attach('tld_price', Buffer.from(bad), 'tld_price.csv').expect(200);
    expect(refused.body.result).toBe(false);
    expect(refused.body.message).toContain('データは変更されていません');
    expect(refused.body.errors.join('\n')).toContain('nosuchtld');
    expect((await p.db.query("SELECT count(*)::int AS n FROM catalog.tld_price WHERE effective_month = '2099-01'")).rows[0].n).toBe(0);

    const good = `${header}\norg,2099-01,0,999,999,999,0,999,999,999,0,0,0,0,0,0\n`;
    const ok = await superAdmin.agent.post('/admin/api/master_data/upload').set(xhr(superAdmin)).attach('tld_price', Buffer.from(good), 'tld_price.csv').expect(200);
    expect(ok.body).toMatchObject({ result: true, recordCnt: 1 });
    expect((await p.db.query("SELECT count(*)::int AS n FROM catalog.tld_price WHERE effective_month = '2099-01'")).rows[0].n).toBe(1);
    const after = (await p.db.query("SELECT register FROM catalog.tld_price p JOIN catalog.tld t ON t.id = p.tld_id WHERE t.tld_name = 'org' ORDER BY effective_month LIMIT 1")).rows[0].register;
    expect(after).toBe(before);
    await p.db.query("DELETE FROM catalog.tld_price WHERE effective_month = '2099-01'");
    const none = await superAdmin.agent.post('/admin/api/master_data/upload').set(xhr(superAdmin)).field('x', '1').expect(422);
    expect(none.body.errors.file).toEqual(['CSVファイルを選択してください']);
  });
});
