import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { DnsPattern, DnssecPatterns, DnssecStateDto, OperationAccepted } from '@registrar/contracts';
import { DS } from '@registrar/messages';
import { DnsClient } from '../dns/dns.client';
import { Member } from '@registrar/identity';
import { OperationStarter } from '../operations/operation-starter';
import { flag01 } from '../operations/operations.controller';
import { MemberId } from '../payments/member';

type Body01 = Record<string, unknown>;
const domainsOf = (body: Body01): unknown[] => (Array.isArray(body?.domains) ? body.domains : []);

/**
 * The DNSSEC panel's calls (docs/dns.md "DNSSEC"). Changes are domain operations (kind 'dnssec'): they answer at once
 * with `jobId` and the rows refused up front; the panel polls `GET mypage/domain/operation/status?jobId=`.
 */
@Controller('mypage/domain/dnssec')
export class DnssecController {
  constructor(private readonly dns: DnsClient, private readonly operations: OperationStarter) {}

  /** GET mypage/domain/dnssec?id= -> the state, keys (key tag, algorithm, DNSKEY, DS) and the registry's DS set. */
  @Get()
  @Member()
  state(@MemberId() userId: number, @Query('id') id: string): Promise<DnssecStateDto> {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) throw new BadRequestException({ message: 'id is required', errors: ['id is required'] });
    return this.dns.call<DnssecStateDto>(DnssecPatterns.State as unknown as DnsPattern, { userId, id: n });
  }

  /** POST mypage/domain/dnssec {domains: [id], enabled: 0|1}: one-click signing on (DS to the registry) or off (DS removed first). */
  @Post()
  @Member()
  @HttpCode(200)
  set(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted> {
    const enabled = flag01(body?.enabled);
    if (enabled === undefined) return Promise.resolve({ result: false, errors: [DS.badAction], domains: [] });
    return this.operations.start(userId, 'dnssec', domainsOf(body), { dnssec: { action: enabled === 1 ? 'enable' : 'disable' } });
  }

  /** POST mypage/domain/dnssec/rollover {domains: [id]}: a new key, its DS added, the old ones retired after the wait. */
  @Post('rollover')
  @Member()
  @HttpCode(200)
  rollover(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted> {
    return this.operations.start(userId, 'dnssec', domainsOf(body), { dnssec: { action: 'roll' } });
  }

  /** POST mypage/domain/dnssec/ds {domains: [id], ds: [{keyTag, alg, digestType, digest}]}: DS by hand (other name servers); [] removes them. */
  @Post('ds')
  @Member()
  @HttpCode(200)
  manual(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted> {
    return this.operations.start(userId, 'dnssec', domainsOf(body), { dnssec: { action: 'manual', ds: Array.isArray(body?.ds) ? body.ds : [] } });
  }
}
