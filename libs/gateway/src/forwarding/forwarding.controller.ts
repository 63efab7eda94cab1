import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { DnsPattern, ForwardingListResult, ForwardingPatterns, ForwardingSaveResult } from '@registrar/contracts';
import { FORWARD_URL_MAX } from '@registrar/rules';
import { DnsClient } from '../dns/dns.client';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';

export class UrlForwardBody {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) forwardId?: number;
  @IsString() @MaxLength(253) host!: string;
  // the rules give the Japanese message for a too-long URL; this only bounds the request
  @IsString() @MaxLength(FORWARD_URL_MAX * 4) target!: string;
  @Type(() => Number) @IsIn([301, 302]) status!: 301 | 302;
  @IsBoolean() keep_path!: boolean;
}

export class MailForwardBody {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) forwardId?: number;
  @IsString() @MaxLength(64) local_part!: string;
  @IsString() @MaxLength(320) target!: string;
}

export class ForwardDeleteBody {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
  @IsIn(['url', 'mail']) kind!: 'url' | 'mail';
  @Type(() => Number) @IsInt() @Min(1) forwardId!: number;
}

const p = (x: string) => x as DnsPattern;

/** 転送設定 (URL and mail forwarding) of one of the member's domains: the dns service answers, the member from the session. */
@Controller('mypage/domain/forwarding')
export class ForwardingController {
  constructor(private readonly dns: DnsClient) {}

  /** GET mypage/domain/forwarding?id= -> ForwardingListResult (404 for another member's domain) */
  @Get()
  @Member()
  list(@MemberId() userId: number, @Query('id') raw: string): Promise<ForwardingListResult> {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new BadRequestException({ message: 'id is required', errors: ['id is required'] });
    return this.dns.call<ForwardingListResult>(p(ForwardingPatterns.List), { userId, id });
  }

  @Post('url')
  @Member()
  @HttpCode(200)
  saveUrl(@MemberId() userId: number, @Body() b: UrlForwardBody): Promise<ForwardingSaveResult> {
    return this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.SaveUrl), { userId, id: b.id, forwardId: b.forwardId, host: b.host, target: b.target, status: b.status, keep_path: b.keep_path });
  }

  @Post('mail')
  @Member()
  @HttpCode(200)
  saveMail(@MemberId() userId: number, @Body() b: MailForwardBody): Promise<ForwardingSaveResult> {
    return this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.SaveMail), { userId, id: b.id, forwardId: b.forwardId, local_part: b.local_part, target: b.target });
  }

  @Post('delete')
  @Member()
  @HttpCode(200)
  remove(@MemberId() userId: number, @Body() b: ForwardDeleteBody): Promise<ForwardingSaveResult> {
    return this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.Remove), { userId, id: b.id, kind: b.kind, forwardId: b.forwardId });
  }
}
