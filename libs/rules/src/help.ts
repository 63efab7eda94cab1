import { M } from '@registrar/messages';

/** A help article as an admin writes it (issue 25; docs/help-centre.md). */
export interface HelpArticleInput { slug?: unknown; category_slug?: unknown; title?: unknown; summary?: unknown; body_md?: unknown; ordinal?: unknown; published?: unknown }
export interface HelpArticleValue { slug: string; category_slug: string; title: string; summary: string; body_md: string; ordinal: number; published: boolean }

export const HELP_TITLE_MAX = 120;
export const HELP_SUMMARY_MAX = 300;
export const HELP_BODY_MAX = 100_000;
export const HELP_SLUG = /^[a-z0-9-]{1,60}$/;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function validateHelpArticle(input: HelpArticleInput, categories: readonly string[]): { value: HelpArticleValue; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const title = str(input.title);
  if (!title || title.length > HELP_TITLE_MAX) errors.title = [M.helpTitleRequired];
  const slug = str(input.slug);
  // a number would be read as an article id in /knowledge/<id>/
  if (!HELP_SLUG.test(slug) || /^\d+$/.test(slug)) errors.slug = [M.helpSlugInvalid];
  const category = str(input.category_slug);
  if (!categories.includes(category)) errors.category_slug = [M.helpCategoryInvalid];
  const body = typeof input.body_md === 'string' ? input.body_md : '';
  if (!body.trim() || body.length > HELP_BODY_MAX) errors.body_md = [M.helpBodyRequired];
  const ordinal = Number.isInteger(Number(input.ordinal)) ? Math.max(0, Math.min(100_000, Number(input.ordinal))) : 0;
  return {
    value: { slug, category_slug: category, title, summary: str(input.summary).slice(0, HELP_SUMMARY_MAX), body_md: body, ordinal, published: input.published !== false && input.published !== 'false' },
    errors,
  };
}
