import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DnsErrorCode, DnssecApplyRequest, DnssecApplyResult, DnssecPatterns, DnssecStateDto } from '@registrar/contracts';
import { validateDsSet } from '@registrar/rules';
import { DnsException, DnsRpcErrorFilter } from '../common/dns.exception';
import { idOf, nameOf, userIdOf } from '../common/rpc-payload';
import { DomainOpsPort } from '../ports/domain-ops.port';
import { DnssecService } from './dnssec.service';

const nsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map((n) => String(n).toLowerCase()) : []);

/**
 * DNSSEC's calls: the panel's state (ownership checked with domain-ops), and one domain of a DNSSEC operation (domain-ops
 * runs the operation's rows and has checked ownership).
 */
@Controller()
@UseFilters(DnsRpcErrorFilter)
export class DnssecRpcController {
  constructor(private readonly dnssec: DnssecService, private readonly domainOps: DomainOpsPort) {}

  /** { userId, id } -> the panel's state; NOT_FOUND for another member's domain. */
  @MessagePattern(DnssecPatterns.State)
  async state(@Payload() req: { userId: number; id: number }): Promise<DnssecStateDto> {
    const d = await this.domainOps.owned(userIdOf(req), idOf(req?.id, 'id'));
    if (!d) throw new DnsException(DnsErrorCode.NotFound, 'no such domain');
    return { ...(await this.dnssec.state(d.id, d.punycode, d.name_servers)), name: d.name };
  }

  @MessagePattern(DnssecPatterns.Apply)
  apply(@Payload() req: DnssecApplyRequest): Promise<DnssecApplyResult> {
    const action = req?.action;
    if (!['enable', 'disable', 'roll', 'manual'].includes(action)) throw new DnsException(DnsErrorCode.Invalid, 'unknown action');
    // the DS set is checked again here (the service trusts no caller with what goes to the registry)
    let ds = undefined as DnssecApplyRequest['ds'];
    if (action === 'manual') {
      const v = validateDsSet(req.ds, { allowEmpty: true });
      if (v.errors.length) return Promise.resolve({ ok: false, message: v.errors.join('\n'), status: 'off' });
      ds = v.ds;
    }
    return this.dnssec.apply({
      userId: userIdOf(req), domainPkId: idOf(req?.domainPkId, 'domainPkId'), punycode: nameOf(req?.punycode), nameServers: nsOf(req?.nameServers),
      action, ds, runId: String(req?.runId ?? ''),
    });
  }
}
