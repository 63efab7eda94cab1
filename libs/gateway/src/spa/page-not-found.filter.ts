import { ArgumentsHost, Catch, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request, Response } from 'express';
import { requestPath } from '@registrar/infra';
import { isNeverPage, SpaMiddleware, wantsPage } from './spa.middleware';

/**
 * A GET that no page and no controller answers: a browser or crawler (no X-Requested-With, not insisting on JSON)
 * gets the app's 404 page with status 404; API callers keep Nest's JSON 404.
 */
@Catch(NotFoundException)
export class PageNotFoundFilter extends BaseExceptionFilter {
  constructor(private readonly spa: SpaMiddleware) {
    super();
  }

  override async catch(exception: NotFoundException, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const unrouted = host.getType() === 'http' && /^Cannot (GET|HEAD) /.test(exception.message);
    if (unrouted && !res.headersSent && wantsPage(req) && !isNeverPage(requestPath(req)) && (await this.spa.sendRendered(req, res, req.originalUrl ?? req.url, 404))) return;
    super.catch(exception, host);
  }
}
