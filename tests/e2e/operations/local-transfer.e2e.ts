/**
 * Moves between accounts by e-mail in the browser (001 §2, §4): a member moves a domain to another member's address;
 * the sender sees the request on /mypage/localTransferOut, the recipient accepts it on /mypage/localTransferIn (the
 * selection rule, the result, the empty text afterwards). At 1280 and 360 px, with no horizontal overflow.
 */
import { expect, test } from '@playwright/test';
import { M } from '@registrar/messages';
import { noHorizontalOverflow } from '../catalog/catalog-page';
import { memberWithDomain } from '../dns/dns.page';
import { signUpPurchaser } from '../purchase/purchase.page';

const SHOTS = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

for (const width of [1280, 360]) {
  test(`move by e-mail at ${width} px: the sender's request list, the recipient accepts`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const a = await memberWithDomain(page);

    const ctxB = await browser.newContext({ viewport: { width, height: 900 } });
    const pageB = await ctxB.newPage();
    const headersB = await signUpPurchaser(pageB.request);
    const emailB = (await (await pageB.request.get('/session', { headers: headersB })).json()).user.email as string;

    const r = await (await page.request.post('/mypage/domain/move/user', { headers: a.headers, data: { domains: [a.id], userId: '', requestEmail: emailB, autoUpdate: 1 } })).json();
    expect(r).toMatchObject({ result: true, err_msg: null });
    await expect.poll(async () => (await (await page.request.get(`/mypage/domain/operation/status?jobId=${r.jobId}`, { headers: a.headers })).json()).domains[0].status, { timeout: 60_000 }).toBe('accepted');

    await page.goto('/mypage/localTransferOut');
    const out = page.getByTestId('outgoing-moves');
    await expect(out.getByText(a.name)).toBeVisible();
    await expect(out.getByText(emailB)).toBeVisible();
    await page.getByRole('button', { name: 'チェックした移動申請を取り消す' }).click();
    await expect(page.getByText(M.selectMoveRequests)).toBeVisible();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/local-transfer-out-${width}.png` });

    await pageB.goto('/mypage/localTransferIn');
    const incoming = pageB.getByTestId('incoming-moves');
    await expect(incoming.getByText(a.name)).toBeVisible();
    await expect(pageB.getByText('承認されないまま7日を過ぎた移動申請は自動的に取り消されます。')).toBeVisible();
    await pageB.getByRole('button', { name: M.receiveChecked }).click();
    await expect(pageB.getByText(M.selectDomainsToReceive)).toBeVisible();
    await noHorizontalOverflow(pageB);
    await pageB.screenshot({ path: `${SHOTS}/local-transfer-in-${width}.png` });
    await incoming.getByRole('checkbox', { name: `${a.name}を選択` }).check();
    await pageB.getByRole('button', { name: M.receiveChecked }).click();
    // 001 §4: the acceptance is a modal, loading then complete; closing reloads the page (issue 26)
    const done = pageB.getByTestId('accept-complete');
    await expect(done.getByText(`${a.name}: ${M.moveReceived}`)).toBeVisible();
    await noHorizontalOverflow(pageB);
    await pageB.screenshot({ path: `${SHOTS}/local-transfer-in-done-${width}.png` });
    await done.getByRole('button', { name: '閉じる' }).click();
    await expect(pageB.getByTestId('accept-complete')).toHaveCount(0);
    await expect(pageB.getByText(M.noIncomingTransfers)).toBeVisible();

    await page.reload();
    await expect(page.getByText('承認待ちの移動申請はありません。')).toBeVisible();
    // the domain is B's now: A's operations refuse it
    expect(await (await page.request.post('/mypage/domain/trash', { headers: a.headers, data: { domains: [a.id], is_trash_flg: 1 } })).json()).toMatchObject({ result: false, errors: [M.domainNotFound] });
    await ctxB.close();
  });
}
