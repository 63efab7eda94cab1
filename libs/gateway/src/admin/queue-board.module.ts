import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule, type BullBoardModuleOptions } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { NextFunction, Request, Response } from 'express';
import { DOMAIN_OPS_CLIENT, QueueName, WHOIS_MAIL_CLIENT } from '@registrar/contracts';
import { bullRootModule, rpcClientModule } from '@registrar/infra';
import { M } from '@registrar/messages';
import { IdentityModule, UsersRepository, AdminAuditRepository, maskSecrets } from '@registrar/identity';
import { AdminDashboardController } from './admin-dashboard.controller';

export const QUEUE_BOARD_ROUTE = '/admin/queues';
const QUEUES = Object.values(QueueName);
// @bull-board/express 9.10.1 pins its own @bull-board/api 9.10.1 (the nestjs module uses 9.10.2): same shape, separate declarations
const Adapter = ExpressAdapter as unknown as BullBoardModuleOptions['adapter'];

/** Filled when the module is created: the gate below runs outside Nest's injection (Bull Board's own middleware slot). */
const gate: { users: UsersRepository | null; audits: AdminAuditRepository | null } = { users: null, audits: null };

/**
 * The only changes the board may make (issue 23, finding 4): retry and clean, of one job or of every job in a status.
 * Adding, editing, promoting, pausing, emptying or obliterating is refused, so the board cannot be used to send a
 * mail from the registrar's sender or to run any job with made-up data.
 */
const ALLOWED_ACTIONS: ReadonlyArray<{ action: string; pattern: RegExp }> = [
  { action: 'queue-board.retry-all', pattern: /^\/api\/queues\/([^/]+)\/retry\/([^/]+)$/ },
  { action: 'queue-board.clean-all', pattern: /^\/api\/queues\/([^/]+)\/clean\/([^/]+)$/ },
  { action: 'queue-board.retry-job', pattern: /^\/api\/queues\/([^/]+)\/([^/]+)\/retry$/ },
  { action: 'queue-board.clean-job', pattern: /^\/api\/queues\/([^/]+)\/([^/]+)\/clean$/ },
];

/** The board's action for a state-changing call (its path below the board's route), or null when it is not allowed. */
export function queueBoardAction(method: string, boardPath: string): { action: string; target: string } | null {
  if (method !== 'PUT') return null;
  for (const a of ALLOWED_ACTIONS) {
    const m = a.pattern.exec(boardPath);
    if (m) return { action: a.action, target: `${decodeURIComponent(m[1])}/${decodeURIComponent(m[2])}` };
  }
  return null;
}

/** Every change tried through the board, allowed or refused, is written to the admin audit log with its answer. */
function auditBoardCall(req: Request, res: Response, adminId: number, adminRole: number, action: string, target: string | null): void {
  res.on('finish', () => {
    gate.audits?.record({
      adminId, adminRole, action, method: req.method, path: req.originalUrl.split('?')[0]!, target,
      request: maskSecrets({ query: req.query, body: req.body ?? null }) as Record<string, unknown>, before: null, after: null,
      status: res.statusCode, ip: req.ip ?? null,
    }).catch(() => undefined);
  });
}

const refuse = (res: Response, status: number, message: string) => {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(message);
};

/**
 * Super admins only (002 §6: a normal admin, role 2, gets 403), with two-factor passed in this session and the account
 * active: the same checks as RolesGuard for a @SuperAdmin() route. Bull Board's own calls carry no CSRF token, so
 * state-changing calls must come from this origin (Origin or Sec-Fetch-Site) on top of the SameSite=Lax session cookie.
 */
export async function queueBoardGate(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    const session = (req as Request & { session?: { userId?: number; authEpoch?: number; twoFactorVerified?: boolean } }).session;
    const user = session?.userId && gate.users ? await gate.users.findById(session.userId) : null;
    if (!user || user.disabledAt || (session?.authEpoch ?? 0) !== user.sessionEpoch) {
      if (req.method === 'GET' && String(req.headers.accept ?? '').includes('text/html')) return res.redirect(302, `/login?redirect=${encodeURIComponent(QUEUE_BOARD_ROUTE)}`);
      return refuse(res, 401, M.loginRequired);
    }
    if (user.adminRole !== 1 && user.adminRole !== 2) return refuse(res, 403, M.forbidden);
    if (!user.totpEnabledAt || !session?.twoFactorVerified) return refuse(res, 403, M.adminNeedsTwoFactor);
    if (user.adminRole !== 1) return refuse(res, 403, M.forbidden);
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
      const origin = req.headers.origin;
      const site = req.headers['sec-fetch-site'];
      const sameOrigin = origin ? origin === `${req.protocol}://${req.get('host')}` : site === 'same-origin';
      if (!sameOrigin) return refuse(res, 419, M.sessionTimeout);
      const boardPath = req.originalUrl.split('?')[0]!.slice(QUEUE_BOARD_ROUTE.length);
      const allowed = queueBoardAction(req.method, boardPath);
      auditBoardCall(req, res, user.id, user.adminRole, allowed?.action ?? 'queue-board.refused', allowed?.target ?? null);
      if (!allowed) return refuse(res, 403, M.queueBoardReadOnly);
    }
    res.setHeader('Cache-Control', 'no-store');
    next();
  } catch (e) {
    next(e);
  }
}

/**
 * Bull Board at /admin/queues (@bull-board/nestjs with the express adapter): every queue of every service (the names
 * in libs/contracts QueueName), where super admins see jobs and may only retry or clean them (each one audited).
 */
@Module({
  imports: [
    IdentityModule,
    bullRootModule(),
    BullModule.registerQueue(...QUEUES.map((name) => ({ name }))),
    BullBoardModule.forRoot({ route: QUEUE_BOARD_ROUTE, adapter: Adapter, middleware: queueBoardGate, boardOptions: { uiConfig: { boardTitle: 'ラッコドメイン キュー' } } }),
    BullBoardModule.forFeature(...QUEUES.map((name) => ({ name, adapter: BullMQAdapter }))),
    rpcClientModule(DOMAIN_OPS_CLIENT),
    rpcClientModule(WHOIS_MAIL_CLIENT),
  ],
  // the admin dashboard reads the same queues' counts (one set of queue connections in the gateway)
  controllers: [AdminDashboardController],
})
export class QueueBoardModule {
  constructor(users: UsersRepository, audits: AdminAuditRepository) {
    gate.users = users;
    gate.audits = audits;
  }
}
