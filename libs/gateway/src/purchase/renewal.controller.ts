import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { DomainOpsPatterns, PendingRenewalsResult, RenewResult } from '@registrar/contracts';
import { Member, Purchaser } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from './domain-ops.client';

class RenewItemBody {
  @IsString() @Length(1, 300) name!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(10) period!: number;
}
class RenewPaymentBody {
  @IsIn(['point', 'card', 'wallet']) type!: 'point' | 'card' | 'wallet';
  @IsOptional() @IsString() @Length(1, 200) sessionId?: string;
}
/** POST mypage/domain/renew (000 spec §7) */
export class RenewBody {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => RenewItemBody) domains!: RenewItemBody[];
  @IsOptional() @IsIn([true, false, 0, 1, '0', '1']) withAutoUpdate?: boolean | 0 | 1 | '0' | '1';
  @Type(() => Number) @IsInt() @Min(0) point!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) totalFee?: number;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => RenewPaymentBody) payment?: RenewPaymentBody;
  @IsOptional() @IsString() @Length(1, 100) idempotencyKey?: string;
}
/** domainIds[] from a query string (repeated, bracketed or single). */
function idsOf(q: Record<string, unknown>): number[] {
  const v = q['domainIds[]'] ?? q['domainIds'];
  const list = Array.isArray(v) ? v : v == null ? [] : String(v).split(',');
  return list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 1000);
}

/** Renewal (000 spec §7): the modal's rows, the renewal itself, and the pending lookup. */
@Controller('mypage/domain')
export class RenewalController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  // POST mypage/domain/ready (the renewal modal's use, { domainIds[] } -> RenewReadyResult) is answered by
  // domains/domain-list.controller.ts: the spec has one endpoint for both uses, and two handlers of one path shadow each other

  /** GET mypage/domain/ready/pending?domainIds[]= -> [{ domain_id }] the domains among these with a renewal in progress */
  @Get('ready/pending')
  @Member()
  pending(@MemberId() userId: number, @Query() q: Record<string, unknown>): Promise<PendingRenewalsResult> {
    return this.domainOps.call<PendingRenewalsResult>(DomainOpsPatterns.RenewPending, { userId, domainIds: idsOf(q) });
  }

  /** POST mypage/domain/renew -> RenewResult (waits for the registry up to ~20 s; rows still running answer code 1) */
  @Post('renew')
  @Purchaser()
  @HttpCode(200)
  renew(@MemberId() userId: number, @Body() body: RenewBody): Promise<RenewResult> {
    if (!body.domains.length) throw new BadRequestException({ message: 'domains is required', errors: ['domains is required'] });
    return this.domainOps.call<RenewResult>(DomainOpsPatterns.Renew, { ...body, withAutoUpdate: body.withAutoUpdate === true || Number(body.withAutoUpdate) === 1, userId }, 180_000);
  }
}
