/**
 * The default lock of a new domain as an operator sees it in the back office (docs/admin.md, ADR 0041): the admin domain
 * list and the admin domain detail say 設定中 while the registry is being asked and 設定失敗 with the reason when it
 * could not be set, as the member's own list and detail do; the list turns ON by itself once the lock is there. At 360
 * and 1280 px, no sideways scroll, no serious axe finding. The states are put on two demo domains directly (what the
 * registration's follow-up writes), so nothing waits on timing.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { Client } from 'pg';
import { M, registryErrorMessage } from '@registrar/messages';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { apiSearch, seedPortfolio, signUpMember } from '../domains/domain-list.page';
import { createAdmin, signInAdmin, XHR } from './admin-session';

const expect = baseExpect.configure({ timeout: 60_000 });

test('admin list and detail: a new domain\'s lock shows 設定中 while it is applied, then ON; one that failed shows 設定失敗 with the reason', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // a member with a demo portfolio, in a browser context of its own
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { headers } = await signUpMember(ctx.request);
  await seedPortfolio(ctx.request, headers, 40);
  const memberId = (await (await ctx.request.get('/session', { headers: XHR })).json()).user.id as number;
  const found = await apiSearch(ctx.request, headers, { pagingNum: 200 });
  await ctx.close();
  // two .com/.net domains in their term: one being locked, one whose lock failed
  const inTerm = (found.validDomains.data as Array<{ id: number; name: string; domain_status?: number; is_due_today?: boolean; is_whois_processing_flg?: number }>)
    .filter((d) => /\.(com|net)$/.test(d.name) && d.domain_status === 1 && !d.is_due_today && !d.is_whois_processing_flg);
  const [applying, failed] = inTerm;
  const reason = registryErrorMessage(2400);
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'applying', admin_lock_status = 0, is_trash = false WHERE id = $1`, [applying!.id]);
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'failed', lock_error = $2, admin_lock_status = 0, is_trash = false WHERE id = $1`, [failed!.id, reason]);
    // a normal admin: domain management is every admin's
    await signInAdmin(page, createAdmin('normal'));

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/domains?userId=${memberId}&pagingNum=100`);
      const row = (name: string) => page.getByTestId('admin-domain-row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await expect(row(applying!.name).getByTestId('lock-applying')).toHaveText(M.lockApplying);
      await expect(row(failed!.name).getByTestId('lock-failed')).toHaveText(M.lockFailedBadge);
      // no other row claims a state it does not have
      await expect(page.getByTestId('lock-applying')).toHaveCount(1);
      await expect(page.getByTestId('lock-failed')).toHaveCount(1);
      await expectNoHorizontalOverflow(page, `admin domain list ${width}`);
      await expectNoSeriousA11yViolations(page, [], `admin domain list ${width}`);
      // the reason on hover
      await row(failed!.name).getByTestId('lock-failed').hover();
      await expect(page.getByRole('tooltip')).toContainText(reason);
      await expect(page.getByRole('tooltip')).toContainText(M.lockApplyFailedAdmin);
      await page.mouse.move(0, 0);
      await row(applying!.name).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`admin-domains-lock-states-${width}.png`) });

      // the detail says the same, the reason written out
      await page.goto(`/admin/domains/${failed!.id}`);
      const lock = page.getByTestId('admin-domain-lock');
      await expect(lock.getByTestId('lock-failed')).toHaveText(M.lockFailedBadge);
      await expect(lock.getByTestId('admin-lock-failed-reason')).toHaveText(`${M.lockApplyFailedAdmin}（${reason}）`);
      await expect(page.getByTestId('admin-domain-record').locator('[data-field="lock_state"] td')).toHaveText(M.lockFailedBadge);
      await expectNoHorizontalOverflow(page, `admin domain detail ${width}`);
      await expectNoSeriousA11yViolations(page, [], `admin domain detail ${width}`);
      await page.screenshot({ path: test.info().outputPath(`admin-domain-detail-lock-failed-${width}.png`), fullPage: true });
      await page.goto(`/admin/domains/${applying!.id}`);
      await expect(page.getByTestId('admin-domain-lock').getByTestId('lock-applying')).toHaveText(M.lockApplying);
    }

    // the registry has the lock now (what the follow-up records): the open list turns ON by itself
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/domains?userId=${memberId}&pagingNum=100`);
    const a = page.getByTestId('admin-domain-row').filter({ has: page.getByRole('link', { name: applying!.name, exact: true }) });
    await expect(a.getByTestId('lock-applying')).toBeVisible();
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = true, lock_state = NULL WHERE id = $1`, [applying!.id]);
    await expect(a.getByTestId('lock-applying')).toHaveCount(0);
    await expect(a.getByTestId('admin-lock-cell')).toHaveText('ON');

    // the detail while 設定中 asks for our record alone (?registry=0, no domain:info at the registry) until the lock is
    // on; the registry's view is read on load, and once more when the lock has settled
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'applying' WHERE id = $1`, [applying!.id]);
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === `/admin/api/domains/${applying!.id}`) asked.push(u.search);
    });
    await page.goto(`/admin/domains/${applying!.id}`);
    const detailLock = page.getByTestId('admin-domain-lock');
    await expect(detailLock.getByTestId('lock-applying')).toHaveText(M.lockApplying);
    await expect.poll(() => asked.filter((x) => x === '?registry=0').length).toBeGreaterThanOrEqual(2);
    expect(asked.filter((x) => x === '')).toHaveLength(1);
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = true, lock_state = NULL WHERE id = $1`, [applying!.id]);
    await expect(detailLock).toHaveText('ON');
    await expect.poll(() => asked.filter((x) => x === '').length).toBe(2);
    expect(asked.filter((x) => x !== '' && x !== '?registry=0')).toEqual([]);
    // settled: no more polls
    const polls = asked.length;
    await expect(detailLock).toHaveText('ON');
    expect(asked.length).toBe(polls);
  } finally {
    await db.end();
  }
});
