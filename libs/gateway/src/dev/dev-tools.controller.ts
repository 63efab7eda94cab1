import { CanActivate, Controller, ExecutionContext, Get, Header, Inject, Injectable, NotFoundException, Query, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import IORedis from 'ioredis';
import { Public, IDENTITY_REDIS, DEV_SMS_KEY, DevSms } from '@registrar/identity';
import { CaughtMail, DEV_MAIL_KEY } from './mail-catcher';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => esc(s).replace(/https?:\/\/[^\s<>&]+/g, (u) => `<a href="${u}">${u}</a>`);
const page = (title: string, body: string) => `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap}small{color:#666}</style></head><body><h1>${title}</h1>${body || '<p>まだありません</p>'}</body></html>`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether a request comes from this machine: its socket and (behind a local proxy) its forwarded client address. */
export function isLoopbackRequest(req: Pick<Request, 'ip' | 'socket'>): boolean {
  return LOOPBACK.test(req.socket?.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '');
}

/** The dev tools answer only loopback clients; anyone else gets the same 404 as an unknown path. */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!isLoopbackRequest(ctx.switchToHttp().getRequest<Request>())) throw new NotFoundException();
    return true;
  }
}

/**
 * Development tools, registered only in the local runtime and in tests (never in production): the mail catcher's and
 * the development SMS sender's messages, newest first, as a page and as JSON (optionally filtered by recipient).
 * They let whoever reads them reset any password, so they answer loopback clients only.
 */
@Controller('dev')
@Public()
@UseGuards(LoopbackOnlyGuard)
export class DevToolsController {
  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis) {}

  private async list<T>(key: string): Promise<T[]> {
    return (await this.redis.lrange(key, 0, 199)).map((s) => JSON.parse(s) as T);
  }

  @Get('mail/api/messages')
  async mails(@Query('to') to?: string) {
    const all = await this.list<CaughtMail>(DEV_MAIL_KEY);
    const wanted = to?.toLowerCase();
    return { messages: wanted ? all.filter((m) => m.to.some((t) => t.toLowerCase() === wanted)) : all };
  }

  @Get('mail')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async mailPage() {
    const all = await this.list<CaughtMail>(DEV_MAIL_KEY);
    return page('Mail catcher', all.map((m) => `<article><small>${esc(m.at)} — ${esc(m.from)} → ${esc(m.to.join(', '))}</small>
<h3>${esc(m.subject)}</h3><pre>${linkify(m.text)}</pre></article>`).join(''));
  }

  @Get('sms/api/messages')
  async sms(@Query('to') to?: string) {
    const all = await this.list<DevSms>(DEV_SMS_KEY);
    return { messages: to ? all.filter((m) => m.to === to.replace(/\D/g, '')) : all };
  }

  @Get('sms')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async smsPage() {
    const all = await this.list<DevSms>(DEV_SMS_KEY);
    return page('SMS (development sender)', all.map((m) => `<article><small>${esc(m.at)} → ${esc(m.to)}</small><pre>${esc(m.body)}</pre></article>`).join(''));
  }
}
