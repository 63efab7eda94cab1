import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { M } from '@registrar/messages';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional } from 'class-validator';
import { DnsDispatchResult, DnsGetDataResult, DnsPatterns, DnsRecordDto, DomainOpsPatterns, type OwnedDomainDto } from '@registrar/contracts';
import { toPunycode } from '@registrar/rules';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DnsClient } from './dns.client';

/** POST mypage/domain/dns/dispatch (each record's fields are checked by the dns service with the shared rules). */
export class DnsDispatchBody {
  @IsArray() @ArrayMaxSize(1000) @Type(() => Number) @IsInt({ each: true }) domains!: number[];
  @IsArray() @ArrayMaxSize(1001) @IsObject({ each: true }) saveData!: DnsRecordDto[];
  @IsOptional() @IsIn([true, false, 0, 1, '0', '1']) editNameServer?: boolean | 0 | 1 | '0' | '1';
}

/** The DNS modal's calls (001 spec §7): the records of one domain, and saving its full list. */
@Controller('mypage/domain/dns')
export class DnsController {
  constructor(private readonly dns: DnsClient, private readonly domainOps: DomainOpsClient) {}

  /**
   * GET mypage/domain/dns/getdata?id= (or domain / domain_id, or domain_name: the spec's alternatives) -> contents.formData,
   * contents.recordType. A name is looked up among this member's domains only (another member's answers 404).
   */
  @Get('getdata')
  @Member()
  async getData(@MemberId() userId: number, @Query() q: Record<string, unknown>): Promise<DnsGetDataResult> {
    let id = Number(q.id ?? q.domain_id ?? q.domain);
    const name = typeof q.domain_name === 'string' ? q.domain_name : typeof q.domain === 'string' && !/^\d+$/.test(q.domain) ? q.domain : '';
    if ((!Number.isSafeInteger(id) || id <= 0) && name) {
      let punycode = '';
      try { punycode = toPunycode(name.trim().toLowerCase()); } catch { punycode = ''; }
      const found = punycode ? await this.domainOps.call<OwnedDomainDto[]>(DomainOpsPatterns.DomainsByName, { punycodes: [punycode] }) : [];
      const mine = found.find((d) => d.user_id === userId);
      if (!mine) throw new NotFoundException({ message: M.noDomainInfo, errors: [M.noDomainInfo] });
      id = mine.id;
    }
    if (!Number.isSafeInteger(id) || id <= 0) throw new BadRequestException({ message: 'id is required', errors: ['id is required'] });
    return this.dns.call<DnsGetDataResult>(DnsPatterns.GetData, { userId, id });
  }

  /** POST mypage/domain/dns/dispatch {domains, saveData, editNameServer} -> result, errors */
  @Post('dispatch')
  @Member()
  @HttpCode(200)
  dispatch(@MemberId() userId: number, @Body() body: DnsDispatchBody): Promise<DnsDispatchResult> {
    return this.dns.call<DnsDispatchResult>(DnsPatterns.Dispatch, { userId, domains: body.domains, saveData: body.saveData, editNameServer: body.editNameServer }, 120_000);
  }
}
