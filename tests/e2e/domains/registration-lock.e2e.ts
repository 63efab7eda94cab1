/**
 * The default lock of a newly registered domain as the member sees it (docs/purchase.md, ADR 0041): while the registry
 * is being asked, the list and the detail say 設定中 (never ON); a lock that could not be set says 設定失敗 with the
 * reason; the list turns ON by itself once the lock is there. At 360 and 1280 px, no sideways scroll, no serious axe
 * finding. The states are put on two demo domains directly (what the follow-up job writes), so nothing waits on timing.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { Client } from 'pg';
import { M, registryErrorMessage } from '@registrar/messages';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { apiSearch, rows, seedPortfolio, signUpMember } from './domain-list.page';

const expect = baseExpect.configure({ timeout: 60_000 });
const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('a new domain\'s lock shows 設定中 while it is applied, then ON; one that failed shows 設定失敗 with the reason', async ({ page }) => {
  test.setTimeout(240_000);
  const { headers } = await signUpMember(page.request);
  await seedPortfolio(page.request, headers, 40);
  const found = await apiSearch(page.request, headers, { pagingNum: 200 });
  // two .com/.net domains in their term (the lock can be changed): one being locked, one whose lock failed
  const inTerm = (found.validDomains.data as Array<{ id: number; name: string; domain_status?: number; is_due_today?: boolean; is_whois_processing_flg?: number }>)
    .filter((d) => /\.(com|net)$/.test(d.name) && d.domain_status === 1 && !d.is_due_today && !d.is_whois_processing_flg);
  const [applying, failed] = inTerm;
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const reason = registryErrorMessage(2400);
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'applying', admin_lock_status = 0, is_trash = false WHERE id = $1`, [applying!.id]);
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'failed', lock_error = $2, admin_lock_status = 0, is_trash = false WHERE id = $1`, [failed!.id, reason]);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/mypage/domain`);
      const a = rows(page).filter({ hasText: applying!.name });
      const f = rows(page).filter({ hasText: failed!.name });
      await expect(a.getByTestId('lock-applying')).toHaveText(M.lockApplying);
      await expect(f.getByTestId('lock-failed')).toHaveText(M.lockFailedBadge);
      await expectNoHorizontalOverflow(page, `domain list ${width}`);
      await expectNoSeriousA11yViolations(page, [], `domain list ${width}`);
      // the reason on hover
      await f.getByTestId('lock-failed').hover();
      await expect(page.getByRole('tooltip')).toContainText(reason);
      await page.mouse.move(0, 0);
      await a.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/domain-list-lock-states-${width}.png` });
      // the detail says the same
      await page.goto(`/mypage/domain/detail/${failed!.id}`);
      await expect(page.getByTestId('lock-failed')).toHaveText(M.lockFailedBadge);
      await expect(page.getByTestId('lock-failed-reason')).toContainText(reason);
      await expectNoHorizontalOverflow(page, `domain detail ${width}`);
      await page.screenshot({ path: `${shots}/domain-detail-lock-failed-${width}.png` });
    }

    // the registry has the lock now (what the follow-up records): the open list turns ON by itself
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/mypage/domain`);
    const a = rows(page).filter({ hasText: applying!.name });
    await expect(a.getByTestId('lock-applying')).toBeVisible();
    await db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = true, lock_state = NULL WHERE id = $1`, [applying!.id]);
    await expect(a.getByTestId('lock-applying')).toHaveCount(0);
    await expect(a.getByRole('button', { name: new RegExp(`^ON（${applying!.name.replace(/\./g, '\\.')}のドメインロックを変更）$`) })).toBeVisible();
  } finally {
    await db.end();
  }
});
