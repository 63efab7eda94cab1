import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DnsDispatchResult, DnsDispatchRpcRequest, DnsErrorCode, DnsGetDataResult, DnsPatterns, DnsRecordDto, ZoneStateDto } from '@registrar/contracts';
import { DnsException, DnsRpcErrorFilter } from './common/dns.exception';
import { nameOf, userIdOf } from './common/rpc-payload';
import { ZoneService } from './zones/zone.service';


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
    return this.zones.state(nameOf(req?.punycode));
  }

  @MessagePattern(DnsPatterns.SyncZone)
  sync(@Payload() req: { punycode: string }): Promise<ZoneStateDto> {
    return this.zones.sync(nameOf(req?.punycode));
  }
}
