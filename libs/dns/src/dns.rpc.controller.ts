import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DnsDispatchResult, DnsDispatchRpcRequest, DnsErrorCode, DnsGetDataResult, DnsPatterns, DnsRecordDto, ZoneStateDto } from '@registrar/contracts';
import { DnsException, DnsRpcErrorFilter } from './common/dns.exception';
import { ZoneService } from './zones/zone.service';

/** Every member payload names the member (set by the gateway from the session, never from the browser). */
function userIdOf(p: { userId?: unknown } | null | undefined): number {
  const n = Number(p?.userId);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DnsException(DnsErrorCode.Invalid, 'userId must be a positive integer');
  return n;
}

function nameOf(p: { punycode?: unknown } | null | undefined): string {
  const n = String(p?.punycode ?? '').trim().toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(n)) throw new DnsException(DnsErrorCode.Invalid, 'punycode is required');
  return n;
}

/** The dns service's request/response handlers on the request transport (BullMQ command queues). */
@Controller()
@UseFilters(DnsRpcErrorFilter)
export class DnsRpcController {
  constructor(private readonly zones: ZoneService) {}

  @MessagePattern(DnsPatterns.GetData)
  getData(@Payload() req: { userId: number; id: number }): Promise<DnsGetDataResult> {
    return this.zones.getData(userIdOf(req), Number(req?.id));
  }

  @MessagePattern(DnsPatterns.Dispatch)
  dispatch(@Payload() req: DnsDispatchRpcRequest): Promise<DnsDispatchResult> {
    return this.zones.dispatch({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DnsPatterns.Records)
  records(@Payload() req: { domainPkId: number }): Promise<DnsRecordDto[]> {
    const id = Number(req?.domainPkId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new DnsException(DnsErrorCode.Invalid, 'domainPkId is required');
    return this.zones.records(id);
  }

  @MessagePattern(DnsPatterns.ZoneState)
  state(@Payload() req: { punycode: string }): Promise<ZoneStateDto> {
    return this.zones.state(nameOf(req));
  }

  @MessagePattern(DnsPatterns.SyncZone)
  sync(@Payload() req: { punycode: string }): Promise<ZoneStateDto> {
    return this.zones.sync(nameOf(req));
  }
}
