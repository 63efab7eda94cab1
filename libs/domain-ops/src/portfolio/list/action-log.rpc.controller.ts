import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ActionCodes, ActionLogWriteRequest, DomainOpsErrorCode, DomainOpsPatterns } from '@registrar/contracts';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';

/** Codes other services may write (the dns service: templates, zone files, URL and mail forwarding). */
const WRITABLE = new Set<number>([ActionCodes.Dns, ActionCodes.UrlForwarding, ActionCodes.MailForwarding]);

/** History lines written on behalf of other services (the action log lives in domain-ops). Services only: no gateway route. */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class ActionLogRpcController {
  constructor(private readonly logs: ActionLogRepository) {}

  @MessagePattern(DomainOpsPatterns.ActionLogWrite)
  async write(@Payload() req: ActionLogWriteRequest): Promise<{ written: true }> {
    const userId = Number(req?.userId);
    const domainId = Number(req?.domainId);
    const actionId = Number(req?.actionId);
    const text = (v: unknown, max: number) => String(v ?? '').slice(0, max);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(domainId) || domainId <= 0 || !WRITABLE.has(actionId) || !req?.dedupeKey) {
      throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'userId, domainId, a writable actionId and dedupeKey are required');
    }
    await this.logs.write({
      userId, domainId, domainName: text(req.domainName, 253), type: 2, point: 0, remainingPoint: null, subject: text(req.subject, 100),
      content: text(req.content, 1000), dedupeKey: text(req.dedupeKey, 200), actionId,
    });
    return { written: true };
  }
}
