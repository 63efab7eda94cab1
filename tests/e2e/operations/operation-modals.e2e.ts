/**
 * The operation modals from the domain list (001 §4, §5, §8), one domain and several: name servers (the row rules,
 * the result step), lock (the single-domain button rule), AUTHCODE (refused while locked, then the code shown once),
 * memo, trash, auto-renew and move in bulk. At 1280 and 360 px, with no horizontal overflow.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { M } from '@registrar/messages';
import { memberWithDomain } from '../dns/dns.page';
import { expectNoOverflow, rows, seedPortfolio, signUpMember } from '../domains/domain-list.page';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

const SHOTS = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

async function openFromMenu(page: Page, name: string, label: string) {
  await page.getByRole('button', { name: `${name}の操作メニュー` }).first().click();
  await page.getByRole('menuitem', { name: label }).click();
  return page.getByRole('dialog');
}

for (const width of [1280, 360]) {
  test(`one domain at ${width} px: name servers, lock, AUTHCODE`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { name } = await memberWithDomain(page);
    await page.goto('/mypage/domain');
    await expect(rows(page).filter({ hasText: name }).first()).toBeVisible();

    // name servers: the domain's current ones (our four), the rules, added rows, the result step
    let dialog = await openFromMenu(page, name, 'ネームサーバー変更');
    await expect(dialog.getByLabel('ネームサーバー1')).toHaveValue('01.dnsv.jp');
    await expect(dialog.getByLabel('ネームサーバー4')).toHaveValue('04.dnsv.jp');
    for (const i of [2, 3, 4]) await dialog.getByLabel(`ネームサーバー${i}`).fill('');
    await dialog.getByLabel('ネームサーバー1').fill('ns1.example.org');
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByText(M.nsAtLeastTwo)).toBeVisible();
    await dialog.getByLabel('ネームサーバー2').fill('NS1.example.org');
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByText(M.nsDuplicate)).toBeVisible();
    await dialog.getByLabel('ネームサーバー2').fill('ns_2.example.org');
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByText(M.nsBadChars)).toBeVisible();
    await dialog.getByRole('button', { name: '入力欄を追加' }).click();
    await expect(dialog.getByLabel('ネームサーバー7')).toBeVisible();
    await dialog.getByRole('button', { name: '入力欄を追加' }).click();
    await expect(dialog.getByLabel('ネームサーバー10')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '入力欄を追加' })).toHaveCount(0); // hidden at 8 rows or more
    await dialog.getByLabel('ネームサーバー2').fill(' ns2.Example.org ');
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/op-nameserver-${width}.png` });
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByTestId('op-results').getByText(M.nsUpdated)).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/op-nameserver-result-${width}.png` });
    await dialog.locator('button', { hasText: '閉じる' }).click();
    await expect(rows(page).filter({ hasText: name }).first()).toContainText('ns1.example.org');

    // new domains are locked (default settings): AUTHCODE is refused (the menu item is disabled with the reason), and the
    // lock modal of one lockable domain offers only the opposite action
    await page.getByRole('button', { name: `${name}の操作メニュー` }).first().click();
    await expect(page.getByRole('menuitem', { name: 'AUTHCODE取得' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'ドメインロック' }).click();
    dialog = page.getByRole('dialog');
    await expect(page.getByRole('heading', { name: M.lockTitle })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'ロックをONにする' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'ロックをOFFにする' }).click();
    await expect(dialog.getByTestId('op-results').getByText(M.lockOff)).toBeVisible({ timeout: 60_000 });
    await dialog.locator('button', { hasText: '閉じる' }).click();

    // still refused: WHOIS proxy is on (new domains' default); from the bulk bar the modal says why (the code itself is
    // checked against the registry in tests/integration/operations)
    await page.getByRole('button', { name: `${name}の操作メニュー` }).first().click();
    await expect(page.getByRole('menuitem', { name: 'AUTHCODE取得' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'ドメインロック' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'ロックをOFFにする' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'ロックをONにする' }).click();
    await expect(dialog.getByTestId('op-results').getByText(M.lockOn)).toBeVisible({ timeout: 60_000 });
    await dialog.locator('button', { hasText: '閉じる' }).click();

    await rows(page).filter({ hasText: name }).first().getByRole('checkbox').first().check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'AUTHCODE取得' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByText(M.authcodeUnlockFirst)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'AUTHCODEを取得する' })).toBeDisabled();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/op-authcode-${width}.png` });
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
  });

  test(`several domains at ${width} px: memo, auto-renew, trash, move in bulk`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { headers } = await signUpMember(page.request);
    await seedPortfolio(page.request, headers, 3);
    await page.goto('/mypage/domain');
    await expect(rows(page)).not.toHaveCount(0);
    const count = await rows(page).count();
    for (let i = 0; i < count; i++) await rows(page).nth(i).getByRole('checkbox').first().check();
    await expect(page.getByTestId('selection-count')).toHaveText(`選択中: ${count}件`);
    const bar = page.getByTestId('bulk-bar');

    // memo: one text for all; delete mode allows empty
    await bar.getByRole('button', { name: 'メモ' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(dialog.getByText(/が空欄です$/).first()).toBeVisible();
    await dialog.getByLabel('メモ').fill('一括メモ');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(dialog.getByText(M.memoSaved)).toBeVisible({ timeout: 60_000 });
    await dialog.locator('button', { hasText: '閉じる' }).click();
    await expect(rows(page).first().getByTestId('memo')).toContainText('一括メモ');

    // auto-renew: several domains offer both buttons; per-domain results. This member has no card: ON is unavailable with
    // the tooltip 'カード情報を登録してください' and the link to card registration (001 §5); OFF works
    await bar.getByRole('button', { name: '自動更新設定' }).click();
    dialog = page.getByRole('dialog');
    const on = dialog.getByRole('button', { name: '自動更新をONにする' });
    await expect(on).toBeVisible();
    await expect(on).toBeDisabled();
    await on.hover();
    await expect(page.getByRole('tooltip')).toHaveText('カード情報を登録してください');
    await expect(dialog.getByTestId('autorenew-card-needed').getByRole('link', { name: 'カード情報の登録' })).toHaveAttribute('href', '/credit');
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the auto-renew modal without a card at ${width}px`);
    await page.screenshot({ path: `${SHOTS}/op-autorenew-nocard-${width}.png` });
    await dialog.getByRole('button', { name: '自動更新をOFFにする' }).click();
    await expect(dialog.getByTestId('op-results').getByRole('row')).toHaveCount(count + 1, { timeout: 60_000 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/op-autorenew-${width}.png` });
    await dialog.locator('button', { hasText: '閉じる' }).click();

    // move: the target is required; confirm (no goes back); the rows end as accepted (by e-mail)
    await bar.getByRole('button', { name: '他ユーザーへ移動' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '確認する' }).click();
    await expect(dialog.getByText(M.moveTargetRequired)).toBeVisible();
    await dialog.getByLabel('移動先ラッコIDまたはメールアドレス').fill('someone-else@example.test');
    await dialog.getByRole('button', { name: '確認する' }).click();
    await dialog.getByRole('button', { name: 'いいえ' }).click();
    await dialog.getByRole('button', { name: '確認する' }).click();
    await expect(dialog.getByText('移動したドメインは元に戻せません。', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'はい' }).click();
    await expect(dialog.getByTestId('op-results')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByTestId('op-results').getByText(M.moveAccepted).first()).toBeVisible();
    await dialog.locator('button', { hasText: '閉じる' }).click();

    // trash: a failed call says '不明なエラー' (000 §8); a refusal shows the server's own message (here a domain that is
    // not the member's, added to the request on its way: '指定されたドメインが見つかりません'); nothing moves
    const firstName = await rows(page).first().getAttribute('data-domain');
    for (const [route, message] of [
      [(r: Route) => r.abort('failed'), M.unknownError],
      [(r: Route) => r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), domains: [...r.request().postDataJSON().domains, 2_000_000_000] }) }), M.domainNotFound],
    ] as const) {
      await page.route('**/mypage/domain/trash', route);
      await page.getByRole('checkbox', { name: `${firstName}を選択` }).first().check();
      await bar.getByRole('button', { name: 'ゴミ箱' }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'ゴミ箱に入れる' }).click();
      await expect(dialog.getByTestId('trash-errors')).toHaveText(message);
      await expect(dialog.getByText(M.errorOccurredDot)).toHaveCount(0);
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/op-trash-error-${width}.png` });
      await dialog.locator('button', { hasText: '閉じる' }).click();
      await page.unroute('**/mypage/domain/trash');
      await expect(rows(page)).toHaveCount(count);
    }

    // trash: put in; the page reloads and the trashed domains leave the list
    await page.getByRole('checkbox', { name: `${firstName}を選択` }).first().check();
    await bar.getByRole('button', { name: 'ゴミ箱' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'ゴミ箱に入れる' }).click();
    await expect(dialog.getByTestId('op-results').getByText(M.trashIn)).toBeVisible({ timeout: 60_000 });
    await dialog.locator('button', { hasText: '閉じる' }).click();
    await expect(rows(page)).toHaveCount(count - 1);
  });
}
