/// <reference lib="dom" />
/**
 * Page checks every browser test can apply to a screen (docs/e2e-page-checks.md):
 *
 *   await checkPage(page, '/domain/price', { ready: (p) => p.getByTestId('price-table') });
 *
 * loads the page at 360 px and at 1280 px and fails when, at either width,
 *  - the page scrolls sideways (document wider than the viewport; a wide table must scroll inside its own box),
 *  - axe (@axe-core/playwright, WCAG 2 A/AA rules) finds a serious or critical violation (contrast, names, labels…),
 *  - the document title is the bare product name (every page has its own title).
 * The lower-level checks are exported for a state reached by clicking (a dialog, a result table):
 * expectNoHorizontalOverflow(page), expectNoSeriousA11yViolations(page), expectOwnTitle(page).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The widths every page must fit: a small phone and a laptop. */
export const CHECK_WIDTHS = [360, 1280] as const;
const PRODUCT_NAME = 'ラッコドメイン';

export interface PageCheckOptions {
  /** what shows that the page has loaded (its heading, its table, …) */
  ready: (page: Page) => Locator;
  /** widths to check (default 360 and 1280) */
  widths?: readonly number[];
  /** CSS selectors axe leaves out (third-party frames, …); use sparingly and say why at the call */
  axeExclude?: string[];
  /** skip the own-title check (a page whose title is its content, e.g. an error page) */
  anyTitle?: boolean;
}

/**
 * Fails when the document is wider than the viewport (it would scroll sideways), naming the widest elements.
 * It waits for the layout to settle first: right after a viewport change (a test checking 360 then 1280 px) a modal
 * that switches its layout on a media query is one frame at its old width, which no phone ever shows (CI once caught
 * such a frame: 462 px). An overflow that lasts still fails, with its culprits.
 */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()): Promise<void> {
  await page.waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, undefined, { timeout: 5_000, polling: 100 }).catch(() => undefined);
  const r = await page.evaluate(() => {
    const cw = document.documentElement.clientWidth;
    const sw = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (sw > cw) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.right > cw + 1 && rect.width > 0) {
          // the outermost overflowing elements only (their children follow them out)
          const parent = el.parentElement?.getBoundingClientRect();
          if (!parent || parent.right <= cw + 1) culprits.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${String(el.className).split(' ').slice(0, 2).join('.')} right=${Math.round(rect.right)}`);
        }
        if (culprits.length >= 5) break;
      }
    }
    return { cw, sw, culprits };
  });
  expect(r.sw, `${label}: the page is ${r.sw}px wide in a ${r.cw}px viewport (${r.culprits.join('; ')})`).toBeLessThanOrEqual(r.cw);
}

/**
 * Fails when an element matched by `locator` is not wholly in sight sideways: cut by the viewport's edge, or hidden in
 * a box that clips or scrolls it (a table column pushed out of its scroll container, a button cut off by its column).
 * Checks the first `limit` matches.
 */
export async function expectFullyInSight(locator: Locator, label: string, limit = 20): Promise<void> {
  await expect(locator.first()).toBeVisible();
  const cut = await locator.evaluateAll((els, max) => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of els.slice(0, max)) {
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (r.left < -0.5 || r.right > vw + 0.5) out.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)} in a ${vw}px viewport`);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'visible') continue;
        const ar = a.getBoundingClientRect();
        if (r.left < ar.left - 0.5 || r.right > ar.right + 0.5) {
          out.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)} outside its ${ox} box ${a.tagName.toLowerCase()}.${String(a.className).split(' ')[0]} at ${Math.round(ar.left)}-${Math.round(ar.right)}`);
          break;
        }
      }
    }
    return out;
  }, limit);
  expect(cut, `${label}: cut off sideways`).toEqual([]);
}

/** Fails when the box of `locator` is closer than `min` px to the left or right edge of the screen. */
export async function expectMarginFromEdges(locator: Locator, label: string, min = 8): Promise<void> {
  const box = await locator.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: document.documentElement.clientWidth - r.right };
  });
  expect(Math.min(box.left, box.right), `${label}: ${Math.round(box.left)}px from the left, ${Math.round(box.right)}px from the right`).toBeGreaterThanOrEqual(min);
}

/** Fails on serious or critical WCAG 2 A/AA violations found by axe, listing each rule, its impact and its elements. */
export async function expectNoSeriousA11yViolations(page: Page, exclude: string[] = [], label = page.url()): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const sel of exclude) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`).join('\n')}`);
  expect(bad.length, `${label}: axe found\n${report.join('\n')}`).toBe(0);
}

/** Fails when the page has no title of its own (empty, or just the product name). */
export async function expectOwnTitle(page: Page): Promise<string> {
  await expect.poll(() => page.title(), { message: `${page.url()} has no title of its own` }).not.toBe(PRODUCT_NAME);
  const title = await page.title();
  expect(title.trim().length).toBeGreaterThan(0);
  return title;
}

/** Loads `url` at each width, waits for it to be ready, and applies every check. Returns the page's title. */
export async function checkPage(page: Page, url: string, o: PageCheckOptions): Promise<string> {
  let title = '';
  for (const width of o.widths ?? CHECK_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await expect(o.ready(page).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expectNoHorizontalOverflow(page, `${url} at ${width}px`);
    await expectNoSeriousA11yViolations(page, o.axeExclude, `${url} at ${width}px`);
    if (!o.anyTitle) title = await expectOwnTitle(page);
  }
  return title;
}

/**
 * Opens `path` inside the running app, as the app's own links and the browser's back/forward buttons do: load `from`
 * (server-rendered), wait until the app is live, then move the app's history to `path`, so the browser fetches the
 * page's data itself. Tests of the states a browser fetch can end in (empty, error, retry) use it; loaded directly, a
 * public page arrives with its data. (The spec's trailing-slash links are plain anchors, a full page load, so the
 * history is moved directly rather than by clicking one.)
 */
export async function openInApp(page: Page, path: string, from = '/whois'): Promise<void> {
  await page.goto(from);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const documents: string[] = [];
  const onRequest = (r: import('@playwright/test').Request) => { if (r.resourceType() === 'document') documents.push(r.url()); };
  page.on('request', onRequest);
  await page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2);
    history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.?*+^$()|[\]\\]/g, '\\$&')}$`));
  page.off('request', onRequest);
  expect(documents, 'the app navigated without loading a new document').toEqual([]);
}
