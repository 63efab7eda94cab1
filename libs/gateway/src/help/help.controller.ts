import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { M } from '@registrar/messages';
import { validateHelpArticle } from '@registrar/rules';
import { AuthedRequest, Public, SuperAdmin, audit, AuditAction, ReadOnlyCall } from '@registrar/identity';
import { fieldErrors } from '../admin/admin-rpc';
import { HelpRepository } from './help.repository';
import { renderMarkdown } from './markdown';

const MAX_QUERY = 100;

/** The help centre for everyone: categories, article lists, one article, the FAQ and keyword search. */
@Controller('help')
@Public()
export class HelpController {
  constructor(private readonly repo: HelpRepository) {}

  @Get('categories')
  async categories() {
    return { categories: await this.repo.categories() };
  }

  /** GET help/articles?category=…[&body=1]  or  ?s=… (search: every word in the title or body). */
  @Get('articles')
  async articles(@Query('category') category?: string, @Query('s') s?: string, @Query('body') body?: string) {
    const q = typeof s === 'string' ? s.slice(0, MAX_QUERY) : '';
    if (q.trim()) return { query: q, articles: await this.repo.search(q) };
    const cat = typeof category === 'string' && category ? category : undefined;
    // whole bodies only for one category (the FAQ page shows its answers in place)
    return { articles: await this.repo.list({ category: cat, withBody: body === '1' && !!cat }) };
  }

  @Get('articles/:key')
  async article(@Param('key') key: string) {
    const a = await this.repo.find(key);
    if (!a) throw new NotFoundException({ result: false, message: M.helpArticleNotFound });
    const category = (await this.repo.categories()).find((c) => c.slug === a.category_slug) ?? null;
    const related = (await this.repo.list({ category: a.category_slug })).filter((r) => r.id !== a.id).slice(0, 6);
    const { body_md: _md, ...rest } = a;
    return { article: rest, category, related };
  }
}

/** Super admins write the help centre (like the notifications, 002 §6's super-only back office). Audited. */
@Controller('admin/api/help')
@SuperAdmin()
export class AdminHelpController {
  constructor(private readonly repo: HelpRepository) {}

  @Get('articles')
  async list() {
    return { result: true, categories: await this.repo.categories(), articles: await this.repo.list({ includeUnpublished: true }) };
  }

  @Get('articles/:id')
  async one(@Param('id', ParseIntPipe) id: number) {
    const a = await this.repo.find(id, true);
    if (!a) throw new NotFoundException({ result: false, message: M.helpArticleNotFound });
    return { result: true, article: a };
  }

  /** The live preview: the same renderer and sanitiser the saved article goes through. */
  @Post('preview')
  @HttpCode(200)
  @ReadOnlyCall()
  preview(@Body() body: { body_md?: unknown }) {
    const md = typeof body?.body_md === 'string' ? body.body_md.slice(0, 100_000) : '';
    return { result: true, html: renderMarkdown(md) };
  }

  @Post('articles')
  @HttpCode(200)
  @AuditAction('help.create')
  async create(@Req() req: AuthedRequest, @Body() body: Record<string, unknown>) {
    const value = await this.checked(body);
    const row = await this.repo.create(value, req.user!.id);
    audit(req as Request, { target: row.id, before: null, after: { ...row, body_html: undefined } });
    return { result: true, article: row, message: M.helpArticleSaved };
  }

  @Post('articles/:id')
  @HttpCode(200)
  @AuditAction('help.update')
  async update(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() body: Record<string, unknown>) {
    const before = await this.repo.find(id, true);
    if (!before) throw new NotFoundException({ result: false, message: M.helpArticleNotFound });
    const value = await this.checked(body, id);
    const row = await this.repo.update(id, value, req.user!.id);
    audit(req as Request, { target: id, before: { ...before, body_html: undefined }, after: { ...row, body_html: undefined } });
    return { result: true, article: row, message: M.helpArticleSaved };
  }

  private async checked(body: Record<string, unknown>, id?: number) {
    const categories = (await this.repo.categories()).map((c) => c.slug);
    const { value, errors } = validateHelpArticle(body ?? {}, categories);
    if (!errors.slug && (await this.repo.slugTaken(value.slug, id))) errors.slug = [M.helpSlugTaken];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    return value;
  }
}
