import fs from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from '@registrar/infra';
import type { ArticleInput, HelpCategory } from './help.repository';

export interface SeedArticle extends ArticleInput { id: number; file: string }

export function helpDir(): string {
  return path.resolve(process.cwd(), process.env.HELP_DIR ?? 'data/help');
}

/** data/help/categories.json: [{ slug, name, description }] in display order. */
export function readCategories(dir = helpDir()): HelpCategory[] {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'categories.json'), 'utf8')) as { slug: string; name: string; description?: string }[];
  return raw.map((c, i) => ({ slug: c.slug, name: c.name, description: c.description ?? '', ordinal: (i + 1) * 10 }));
}

/** data/help/articles/*.md: front matter id, slug, category, title, summary, order; the body is Markdown. */
export function readArticles(dir = helpDir()): SeedArticle[] {
  const folder = path.join(dir, 'articles');
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const { meta, body } = splitFrontMatter(fs.readFileSync(path.join(folder, file), 'utf8'));
      const id = Number(meta.id);
      if (!Number.isInteger(id) || id < 1 || id >= 10000 || !meta.slug || !meta.category || !meta.title) {
        throw new Error(`help article ${file}: front matter needs id (1-9999), slug, category and title`);
      }
      return { id, file, slug: meta.slug, category_slug: meta.category, title: meta.title, summary: meta.summary ?? '', body_md: body.trim(), ordinal: Number(meta.order ?? 0) || 0, published: meta.published !== 'false' };
    });
}
