/// <reference lib="dom" />
/**
 * The member search shows what checkout will charge (issue 9): while the member has campaign slots left this month a
 * campaign TLD shows its red campaign price; once the 5 slots are used it shows the normal price (as the estimate and
 * the order charge), with a note saying why.
 */
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { formatYen, tokyoMonthKey } from '@registrar/rules';
import { estimate, freeName, signUpPurchaser } from '../purchase/purchase.page';
import { allPrices, SearchPageObject } from './search.page';

test.describe.configure({ timeout: 240_000 });

/** The month's campaign slots of a member, as five finished campaign registrations leave them. */
async function useAllCampaignSlots(userId: number): Promise<void> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO catalog.campaign_counters (user_id, month_key, used) VALUES ($1, $2, 5)
       ON CONFLICT (user_id, month_key) DO UPDATE SET used = 5`,
      [userId, tokyoMonthKey(new Date())],
    );
  } finally {
    await db.end();
  }
}

test('member search: the campaign price while slots are left, the normal price once the 5 are used', async ({ page }) => {
  const headers = await signUpPurchaser(page.request);
  const me = await (await page.request.get('/session', { headers })).json();
  const campaignTld = (await allPrices(page.request)).find((p) => !p.is_idn_price && p.is_register_campaign && p.register_normal !== null && p.register < p.register_normal);
  test.skip(!campaignTld, 'no campaign TLD in this month’s catalogue');
  const tld = campaignTld!;
  // a name the registry says is free (the simulator holds a share of all names as taken)
  const name = await freeName(page.request, headers, tld.tld_name_punycode || tld.tld_name, 'cmp');
  const keyword = name.slice(0, name.indexOf('.'));
  const search = new SearchPageObject(page);
  const row = page.locator(`[data-testid="search-row"][data-domain="${name}"]`);

  await search.gotoKeyword(keyword, '/mypage/search');
  await search.waitForAllChecked(150_000);
  await expect(row).toHaveAttribute('data-status', 'available');
  await expect(row.locator('[data-price="campaign"]')).toHaveText(formatYen(tld.register));
  await expect(page.getByTestId('campaign-used')).toHaveCount(0);

  await useAllCampaignSlots(me.user.id);
  const [quote] = await estimate(page.request, headers, [name]);
  expect(quote!.registerPrice).toBe(tld.register_normal);

  await search.gotoKeyword(keyword, '/mypage/search');
  await search.waitForAllChecked(150_000);
  await expect(row.locator('[data-price="campaign"]')).toHaveCount(0);
  await expect(row.locator('[data-price]').first()).toHaveText(formatYen(tld.register_normal!));
  await expect(page.getByTestId('campaign-used')).toHaveText('今月のキャンペーン価格の適用枠（5件）を使い切ったため、通常価格を表示しています。');
});
