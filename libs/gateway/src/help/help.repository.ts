import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '@registrar/identity';
import { plainText, renderMarkdown, searchForm } from './markdown';

const S = IDENTITY_SCHEMA;

export interface HelpCategory { slug: string; name: string; description: string; ordinal: number; article_count?: number }
export interface HelpArticleSummary { id: number; slug: string; category_slug: string; title: string; summary: string; updated_at: string; published: boolean }
export interface HelpArticle extends HelpArticleSummary { body_md: string; body_html: string; ordinal: number }
export interface HelpSearchHit extends HelpArticleSummary { snippet: string }
export interface ArticleInput { slug: string; category_slug: string; title: string; summary: string; body_md: string; ordinal: number; published: boolean }

const iso = (v: unknown) => new Date(v as string).toISOString();
const summaryOf = (r: Record<string, unknown>): HelpArticleSummary => ({
  id: Number(r.id), slug: String(r.slug), category_slug: String(r.category_slug), title: String(r.title), summary: String(r.summary),
  updated_at: iso(r.updated_at), published: Boolean(r.published),
});
const articleOf = (r: Record<string, unknown>): HelpArticle => ({ ...summaryOf(r), body_md: String(r.body_md), body_html: String(r.body_html), ordinal: Number(r.ordinal) });

/** The columns an article's Markdown produces: sanitised HTML and the text search compares. */
export function derivedColumns(a: Pick<ArticleInput, 'title' | 'summary' | 'body_md'>) {
  const html = renderMarkdown(a.body_md);
  return { body_html: html, title_search: searchForm(a.title), search_text: searchForm(`${a.title} ${a.summary} ${plainText(html)}`) };
}

/** Up to five words of a query, in the stored search form, with LIKE's wildcards escaped. */
export function searchTerms(q: string): string[] {
  return [...new Set(searchForm(q).split(' ').filter(Boolean))].slice(0, 5).map((t) => t.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/** A line of the body around the first word found, for the result list. */
export function snippetOf(text: string, words: string[], width = 90): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const hay = plain.normalize('NFKC').toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = hay.indexOf(w.replace(/\\(.)/g, '$1'));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return plain.slice(0, width) + (plain.length > width ? '…' : '');
  const start = Math.max(0, at - 30);
  return (start > 0 ? '…' : '') + plain.slice(start, start + width) + (start + width < plain.length ? '…' : '');
}

/** Help categories and articles (identity schema). */
@Injectable()
export class HelpRepository {
  constructor(@InjectDataSource(IDENTITY_SCHEMA) private readonly ds: DataSource) {}

  async categories(): Promise<HelpCategory[]> {
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT c.slug, c.name, c.description, c.ordinal, count(a.id) FILTER (WHERE a.published) AS article_count
         FROM ${S}.help_categories c LEFT JOIN ${S}.help_articles a ON a.category_slug = c.slug
        GROUP BY c.slug ORDER BY c.ordinal, c.slug`,
    );
    return rows.map((r) => ({ slug: String(r.slug), name: String(r.name), description: String(r.description), ordinal: Number(r.ordinal), article_count: Number(r.article_count) }));
  }

  async upsertCategory(c: HelpCategory): Promise<void> {
    await this.ds.query(
      `INSERT INTO ${S}.help_categories (slug, name, description, ordinal) VALUES ($1, $2, $3, $4)
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, ordinal = EXCLUDED.ordinal`,
      [c.slug, c.name, c.description, c.ordinal],
    );
  }

  /** Published articles, by category order then the article's own order. */
  async list(opts: { category?: string; includeUnpublished?: boolean; withBody?: boolean } = {}): Promise<(HelpArticleSummary & { body_html?: string })[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (!opts.includeUnpublished) where.push('a.published');
    if (opts.category) where.push(`a.category_slug = $${params.push(opts.category)}`);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT a.id, a.slug, a.category_slug, a.title, a.summary, a.updated_at, a.published${opts.withBody ? ', a.body_html' : ''}
         FROM ${S}.help_articles a JOIN ${S}.help_categories c ON c.slug = a.category_slug
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.ordinal, a.ordinal, a.id`,
      params,
    );
    return rows.map((r) => (opts.withBody ? { ...summaryOf(r), body_html: String(r.body_html) } : summaryOf(r)));
  }

  /** One article by its number or slug (/knowledge/205/ and /knowledge/free-transfer/ both work). */
  async find(key: string | number, includeUnpublished = false): Promise<HelpArticle | null> {
    const byId = typeof key === 'number' || /^\d{1,9}$/.test(key);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT * FROM ${S}.help_articles WHERE ${byId ? 'id = $1' : 'slug = $1'}${includeUnpublished ? '' : ' AND published'}`,
      [byId ? Number(key) : String(key)],
    );
    return rows[0] ? articleOf(rows[0]) : null;
  }

  /**
   * Every word must occur in the title, summary or body (a plain substring test on the NFKC, lower-case text, so
   * 2-character Japanese words such as 移管 match, which trigram indexes do not find); articles with the words in
   * their title come first. The table holds a few hundred articles at most, so a scan is fast.
   */
  async search(q: string, limit = 50): Promise<HelpSearchHit[]> {
    const words = searchTerms(q);
    if (!words.length) return [];
    const patterns = words.map((w) => `%${w}%`);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT a.id, a.slug, a.category_slug, a.title, a.summary, a.updated_at, a.published, a.body_html,
              (a.title_search LIKE ALL($1::text[])) AS in_title,
              (SELECT count(*) FROM unnest($1::text[]) p WHERE a.title_search LIKE p) AS title_words
         FROM ${S}.help_articles a JOIN ${S}.help_categories c ON c.slug = a.category_slug
        WHERE a.published AND a.search_text LIKE ALL($1::text[])
        ORDER BY in_title DESC, title_words DESC, c.ordinal, a.ordinal, a.id
        LIMIT $2`,
      [patterns, limit],
    );
    // the snippet comes from the body as written (search_text is folded to lower case)
    return rows.map((r) => ({ ...summaryOf(r), snippet: snippetOf(plainText(String(r.body_html)), words) }));
  }

  /** Seeding from data/help: a new article is inserted; an existing one is refreshed only while no admin edited it. */
  async seed(id: number, a: ArticleInput): Promise<void> {
    const d = derivedColumns(a);
    await this.ds.query(
      `INSERT INTO ${S}.help_articles (id, slug, category_slug, title, summary, body_md, body_html, search_text, title_search, ordinal, published)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, category_slug = EXCLUDED.category_slug, title = EXCLUDED.title,
         summary = EXCLUDED.summary, body_md = EXCLUDED.body_md, body_html = EXCLUDED.body_html, search_text = EXCLUDED.search_text,
         title_search = EXCLUDED.title_search, ordinal = EXCLUDED.ordinal, published = EXCLUDED.published, updated_at = now()
       WHERE ${S}.help_articles.updated_by IS NULL
         AND (${S}.help_articles.slug, ${S}.help_articles.category_slug, ${S}.help_articles.title, ${S}.help_articles.summary, ${S}.help_articles.body_md,
              ${S}.help_articles.body_html, ${S}.help_articles.ordinal, ${S}.help_articles.published)
             IS DISTINCT FROM (EXCLUDED.slug, EXCLUDED.category_slug, EXCLUDED.title, EXCLUDED.summary, EXCLUDED.body_md, EXCLUDED.body_html, EXCLUDED.ordinal, EXCLUDED.published)`,
      [id, a.slug, a.category_slug, a.title, a.summary, a.body_md, d.body_html, d.search_text, d.title_search, a.ordinal, a.published],
    );
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM ${S}.help_articles WHERE slug = $1 AND id <> $2`, [slug, exceptId ?? 0]);
    return rows.length > 0;
  }

  async create(a: ArticleInput, by: number): Promise<HelpArticle> {
    const d = derivedColumns(a);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `INSERT INTO ${S}.help_articles (slug, category_slug, title, summary, body_md, body_html, search_text, title_search, ordinal, published, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [a.slug, a.category_slug, a.title, a.summary, a.body_md, d.body_html, d.search_text, d.title_search, a.ordinal, a.published, by],
    );
    return articleOf(rows[0]!);
  }

  async update(id: number, a: ArticleInput, by: number): Promise<HelpArticle | null> {
    const d = derivedColumns(a);
    // TypeORM answers an UPDATE … RETURNING with [rows, affected]
    const [rows]: [Record<string, unknown>[], number] = await this.ds.query(
      `UPDATE ${S}.help_articles SET slug = $2, category_slug = $3, title = $4, summary = $5, body_md = $6, body_html = $7,
              search_text = $8, title_search = $9, ordinal = $10, published = $11, updated_by = $12, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, a.slug, a.category_slug, a.title, a.summary, a.body_md, d.body_html, d.search_text, d.title_search, a.ordinal, a.published, by],
    );
    return rows[0] ? articleOf(rows[0]) : null;
  }
}
