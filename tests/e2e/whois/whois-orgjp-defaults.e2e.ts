/**
 * Issue 26's WHOIS rows, as a member does them:
 * - an attribute-type JP domain (.or.jp, the spec's ".org.jp-type registrant" domains) opens its own WHOIS modal, which
 *   says who the registrant is and refuses an individual registrant (the server refuses it too);
 * - domain initial settings: switching the WHOIS proxy on clears the four roles and hides their selects; the
 *   proxy-unavailable set shows its role selects only once a contact is chosen.
 * At 1280 and 360 px, no sideways scroll, no serious axe finding; screenshots for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { M } from '@registrar/messages';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { signUpPurchaser } from '../purchase/purchase.page';
import { buyWithPoints, grantPoints } from './whois.page';

async function openWhois(page: Page, name: string) {
  await page.getByRole('button', { name: `${name}の操作メニュー` }).first().click();
  await page.getByRole('menuitem', { name: 'WHOIS', exact: true }).click();
  await expect(page.getByTestId('whois-change-modal')).toBeVisible();
}

test('an .or.jp opens the .org.jp-type WHOIS modal: the registrant must be an organisation (issue 26)', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await signUpPurchaser(page.request);
  await grantPoints(page.request, headers, 20_000);
  const person = { email: 'hanako@example.jp', first_name: 'Hanako', last_name: 'Sato', role: 1, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya', phone_country_code: '81', phone: '0312345678' };
  expect((await (await page.request.post('/mypage/domain/whois', { headers, data: person })).json()).status).toBe(1);
  const org = { ...person, email: 'info@example.or.jp', first_name: 'Taro', last_name: 'Yamada', role: 2, organization: 'Example Association' };
  expect((await (await page.request.post('/mypage/domain/whois', { headers, data: org })).json()).status).toBe(1);
  const contacts = (await (await page.request.get('/mypage/domain/whois', { headers })).json()).contacts as Array<{ id: number; role: number }>;
  const organisation = contacts.find((c) => c.role === 2)!;
  const individual = contacts.find((c) => c.role === 1)!;
  // .or.jp has no WHOIS proxy: the member's contacts for such domains are the organisation (default settings)
  const defaults = (await (await page.request.get('/mypage/domain/default', { headers })).json()).defaultSetting;
  const saved = await page.request.post('/mypage/domain/default', { headers, data: { ...defaults, whois_proxy_disabled_reg_record_id: organisation.id, whois_proxy_disabled_adm_contact_id: organisation.id, whois_proxy_disabled_tec_contact_id: organisation.id, whois_proxy_disabled_bil_contact_id: organisation.id } });
  expect((await saved.json()).status, await saved.text()).toBe(1);
  const [orJp] = await buyWithPoints(page.request, headers, ['or.jp']);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mypage/domain');
    await openWhois(page, orJp!);
    const modal = page.getByTestId('whois-change-modal');
    await expect(modal.getByTestId('whois-orgjp-notice')).toContainText('属性型JPドメイン（.or.jp）のWHOIS');
    await expect(modal.getByTestId('whois-orgjp-notice')).toContainText('登録者には種別が「組織」のWHOIS情報');
    // an individual as registrant: refused, with the reason
    await modal.getByTestId('whois-mode-contacts').click();
    await modal.getByTestId('whois-change-contacts-all').click();
    await page.getByRole('option', { name: /Hanako Sato/ }).click();
    await modal.getByTestId('whois-change-submit').click();
    await expect(modal.getByTestId('whois-change-errors')).toHaveText(M.orgJpRegistrantOrganisation);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, ['[data-testid="domain-table"]', '[data-testid="domain-cards"]']);
    await page.screenshot({ path: test.info().outputPath(`whois-orgjp-${width}.png`) });
    await page.getByRole('button', { name: 'キャンセル' }).click();
  }

  // the server says the same when the modal is bypassed
  const list = (await (await page.request.post('/mypage/domain/search', { headers, data: { key: orJp } })).json()).validDomains.data as Array<{ id: number }>;
  const r = await (await page.request.post('/mypage/domain/whois/select/dispatch', { headers, data: { domains: [list[0]!.id], useOriginalWhois: 1, contacts: { whoisRegType: individual.id, whoisAdmType: individual.id, whoisTecType: individual.id, whoisBilType: individual.id } } })).json();
  expect(JSON.stringify(r)).toContain(M.orgJpRegistrantOrganisation);
});

test('domain initial settings: the proxy clears the four roles and hides their selects; the proxy-unavailable roles show once chosen (issue 26)', async ({ page }) => {
  const headers = await signUpPurchaser(page.request);
  const person = { email: 'hanako@example.jp', first_name: 'Hanako', last_name: 'Sato', role: 1, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya', phone_country_code: '81', phone: '0312345678' };
  expect((await (await page.request.post('/mypage/domain/whois', { headers, data: person })).json()).status).toBe(1);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mypage/domain');
    await page.getByTestId('settings-menu').first().click();
    await page.getByTestId('settings-default').click();
    const modal = page.getByTestId('default-settings-modal');
    const proxy = modal.getByRole('switch', { name: 'WHOIS代理公開' });
    if (!(await proxy.isChecked())) await proxy.click({ force: true });
    // proxy on: no role selects of the default contacts, a note instead
    await expect(modal.getByTestId('default-contacts-proxy-note')).toBeVisible();
    await expect(modal.getByTestId('default-contacts-reg')).toHaveCount(0);
    // the proxy-unavailable set: its role selects appear once a contact is chosen for the set
    await expect(modal.getByTestId('default-noproxy-reg')).toHaveCount(0);
    await modal.getByTestId('default-noproxy-all').click();
    await page.getByRole('option', { name: /Hanako Sato/ }).click();
    await expect(modal.getByTestId('default-noproxy-reg')).toBeVisible();
    // proxy off: the four roles, empty (the proxy cleared them); choose one, then proxy on clears it again
    await proxy.click({ force: true });
    await expect(modal.getByTestId('default-contacts-reg')).toBeVisible();
    await modal.getByTestId('default-contacts-all').click();
    await page.getByRole('option', { name: /Hanako Sato/ }).click();
    await expect(modal.getByTestId('default-contacts-adm')).toHaveValue(/Hanako Sato/);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`default-settings-proxy-off-${width}.png`) });
    await proxy.click({ force: true });
    await expect(modal.getByTestId('default-contacts-reg')).toHaveCount(0);
    await proxy.click({ force: true });
    await expect(modal.getByTestId('default-contacts-adm')).toHaveValue('');
    await page.screenshot({ path: test.info().outputPath(`default-settings-proxy-cleared-${width}.png`) });
    await page.keyboard.press('Escape');
  }
});
