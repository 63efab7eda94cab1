import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional } from 'class-validator';
import { DnsDispatchResult, DnsGetDataResult, DnsPatterns, DnsRecordDto } from '@registrar/contracts';
import { Member } from '../identity/auth/roles.decorator';
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
  constructor(private readonly dns: DnsClient) {}

  /** GET mypage/domain/dns/getdata?id= (or domain / domain_id, the spec's alternatives) -> contents.formData, contents.recordType */
  @Get('getdata')
  @Member()
  getData(@MemberId() userId: number, @Query() q: Record<string, unknown>): Promise<DnsGetDataResult> {
    const id = Number(q.id ?? q.domain ?? q.domain_id);
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
