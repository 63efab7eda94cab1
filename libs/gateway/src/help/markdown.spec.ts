import 'reflect-metadata';
import { splitFrontMatter } from '@registrar/infra';
import { legalDocuments } from '@registrar/identity';
import { plainText, renderMarkdown, searchForm } from './markdown';
import { searchTerms, snippetOf } from './help.repository';
import { readArticles, readCategories } from './help-content';
import { renderLegal } from '../legal/legal-render';
import { OPERATOR_SAMPLES, siteConfig } from '../legal/site.config';

describe('help Markdown', () => {
  it('renders headings, lists, tables and links, and drops scripts, handlers and foreign images', () => {
    const html = renderMarkdown('# 見出し\n\n1. 手順\n2. 次\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[外部](https://example.com) [内部](/knowledge/)\n\n<script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a><b onclick="x()">b</b>');
    expect(html).toContain('<h2>見出し</h2>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">外部</a>');
    expect(html).toContain('<a href="/knowledge/">内部</a>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|evil\.example/);
  });

  it('folds full-width letters and case for search, and keeps 2-character words', () => {
    expect(searchForm('ＤＮＳ　設定')).toBe('dns 設定');
    expect(searchTerms('移管  ＤＮＳ 50%_')).toEqual(['移管', 'dns', '50\\%\\_']);
    expect(snippetOf('ドメインを他社から移管する手順です。', ['移管'])).toContain('移管');
    expect(plainText('<p>a &amp; b</p><ul><li>c</li></ul>')).toBe('a & b c');
  });

  it('reads front matter', () => {
    expect(splitFrontMatter('---\nid: 5\ntitle: "題"\n---\n本文')).toEqual({ meta: { id: '5', title: '題' }, body: '本文' });
  });
});

describe('help content shipped in data/help', () => {
  const categories = readCategories();
  const articles = readArticles();
  it('has at least 30 articles outside the FAQ, each in a known category, with unique ids and slugs and numbered steps', () => {
    const guides = articles.filter((a) => a.category_slug !== 'faq');
    expect(guides.length).toBeGreaterThanOrEqual(30);
    const slugs = new Set(categories.map((c) => c.slug));
    for (const a of articles) expect(slugs.has(a.category_slug)).toBe(true);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    // every guide but the overview tables explains with numbered steps
    expect(guides.filter((a) => /^\d+\. /m.test(a.body_md)).length).toBeGreaterThanOrEqual(30);
  });

  it('links only to articles and pages that exist', () => {
    const known = new Set(articles.map((a) => a.slug));
    for (const key of ['terms', 'privacy']) known.add(key);
    for (const a of articles) {
      for (const m of a.body_md.matchAll(/\]\(\/knowledge\/([^/)]+)\/\)/g)) expect({ file: a.file, link: m[1], ok: known.has(m[1]!) }).toEqual({ file: a.file, link: m[1], ok: true });
    }
  });
});

describe('legal documents', () => {
  it('fill in the operator and carry a version', () => {
    const docs = legalDocuments();
    const terms = docs.get('terms')!;
    expect(terms.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const op = { legal_name: '株式会社テスト', address: '東京都', representative: '山田', phone: '03', email: 'a@example.jp', business_hours: '平日' };
    const html = renderLegal(docs.get('tokushoho')!, op);
    expect(html).toContain('株式会社テスト');
    expect(html).not.toContain('{{');
  });

  it('production refuses to start without the operator details; elsewhere samples are marked', () => {
    expect(() => siteConfig({ NODE_ENV: 'production' })).toThrow(/OPERATOR_LEGAL_NAME/);
    const dev = siteConfig({ NODE_ENV: 'development' });
    expect(dev.operator.legal_name).toBe(OPERATOR_SAMPLES.OPERATOR_LEGAL_NAME);
    expect(dev.operator.legal_name).toContain('（サンプル）');
    expect(dev.services).toEqual({});
    const prod = siteConfig({
      NODE_ENV: 'production', DATABASE_URL: 'postgres://db/registrar', REDIS_URL: 'redis://redis:6379', OPERATOR_LEGAL_NAME: '株式会社A', OPERATOR_ADDRESS: '東京都', OPERATOR_REPRESENTATIVE: '代表 A', OPERATOR_PHONE: '03-1', OPERATOR_EMAIL: 'a@a.jp', OPERATOR_BUSINESS_HOURS: '平日',
      SERVICES_MAP: '{"2":{"url":"https://server.example","short_name":"server","name_jp":"サーバー"}}',
    });
    expect(prod.operator.sample).toBe(false);
    expect(prod.services['2']!.short_name).toBe('server');
    expect(() => siteConfig({ SERVICES_MAP: '{"x":{"url":"u"}}' })).toThrow(/SERVICES_MAP/);
  });
});
