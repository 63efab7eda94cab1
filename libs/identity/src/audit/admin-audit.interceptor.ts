import { CallHandler, ExecutionContext, HttpException, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { inferAccess } from '../auth/roles.guard';
import { Access, ACCESS_KEY, AuthedRequest } from '../auth/roles.decorator';
import { AdminAuditRepository } from './admin-audit.repository';
import { AUDIT_ACTION_KEY, AUDIT_SKIP_KEY, auditNoteOf, auditSized, maskSecrets } from './admin-audit';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes one audit record for every state-changing call an admin makes on an admin or super-only route (who, what,
 * on what, before/after when the handler tells it through `audit(req, …)`, and the status answered), failures included.
 * Reads are not recorded. The record is written before the answer leaves, so an action without its record never
 * reports success.
 */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AdminAudit');
  constructor(private readonly reflector: Reflector, private readonly audits: AdminAuditRepository) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]) ?? inferAccess(req.path);
    if ((access !== 'admin' && access !== 'super') || READS.has(req.method) || !req.user) return next.handle();
    if (this.reflector.get<boolean | undefined>(AUDIT_SKIP_KEY, ctx.getHandler())) return next.handle();
    const named = this.reflector.get<string | undefined>(AUDIT_ACTION_KEY, ctx.getHandler());
    const write = async (status: number, result?: unknown) => {
      const note = auditNoteOf(req);
      const routePath = (req.route as { path?: string } | undefined)?.path ?? req.path;
      await this.audits.record({
        adminId: req.user!.id,
        adminRole: req.user!.adminRole ?? 0,
        action: note.action ?? named ?? `${req.method} ${routePath}`,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        target: note.target === undefined || note.target === null ? (typeof req.params?.id === 'string' ? req.params.id : null) : String(note.target),
        request: maskSecrets({ params: req.params, query: req.query, body: req.body }) as Record<string, unknown>,
        before: note.before === undefined ? null : auditSized(maskSecrets(note.before)),
        after: note.after === undefined ? (status < 400 && result !== undefined ? auditSized(maskSecrets(result)) : null) : auditSized(maskSecrets(note.after)),
        status,
        ip: req.ip ?? null,
      });
    };
    return next.handle().pipe(
      mergeMap((result) => from(write(ctx.switchToHttp().getResponse().statusCode ?? 200, result).then(() => result))),
      catchError((err: unknown) => {
        const status = err instanceof HttpException ? err.getStatus() : 500;
        return from(write(status).catch((e) => this.logger.error({ err: e }, 'audit record failed'))).pipe(mergeMap(() => throwError(() => err)));
      }),
    );
  }
}
