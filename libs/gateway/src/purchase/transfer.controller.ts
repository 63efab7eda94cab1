import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { Response } from 'express';
import {
  DomainOpsPatterns, TransferCheckResult, TransferHoldDto, TransferInDto, TransferOutAnswer, TransferOutDto, TransferRequestResult,
} from '@registrar/contracts';
import { Member, Purchaser } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from './domain-ops.client';

/** POST mypage/transferin/check: an ordinary form post (the CSRF token as _token, checked by the middleware). */
export class TransferCheckBody {
  @IsString() @MaxLength(100_000) domainNames!: string;
}
class TransferRowBody {
  @IsString() @Length(1, 300) domain_name!: string;
  @IsOptional() @IsString() @MaxLength(200) authcode?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) point?: number;
}
class HoldBody {
  @IsString() @Length(36, 36) holdId!: string;
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => TransferRowBody) transfers!: TransferRowBody[];
}
class TransferPaymentBody {
  @IsIn(['point', 'card', 'wallet']) type!: 'point' | 'card' | 'wallet';
  @IsOptional() @IsString() @Length(1, 200) sessionId?: string;
}
/** POST mypage/transferin/request (000 §7) */
export class TransferRequestBody {
  @IsOptional() @IsString() @Length(36, 36) holdId?: string;
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => TransferRowBody) transfers!: TransferRowBody[];
  @Type(() => Number) @IsInt() @Min(0) totalPoint!: number;
  @Type(() => Number) @IsInt() @Min(0) @Max(100_000_000) point!: number;
  @IsObject() @ValidateNested() @Type(() => TransferPaymentBody) payment!: TransferPaymentBody;
  @IsOptional() @IsString() @Length(1, 100) idempotencyKey?: string;
}
class IdsBody {
  @IsArray() @ArrayMaxSize(1000) @Type(() => Number) @IsInt({ each: true }) ids!: number[];
}

/** Transfer-in (000 §2, §7) and transfer-out (issue 12): the pages' calls. */
@Controller('mypage')
export class TransferController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  /** The entry form: refused lines go back to the entry page with the message and the text; else on to the confirm page. */
  @Post('transferin/check')
  @Member()
  async check(@MemberId() userId: number, @Body() body: TransferCheckBody, @Res() res: Response): Promise<void> {
    const r = await this.domainOps.call<TransferCheckResult>(DomainOpsPatterns.TransferCheck, { userId, domainNames: body.domainNames }, 120_000);
    if (!r.result || !r.holdId) {
      const q = new URLSearchParams({ errorMessage: r.errorMessage ?? '', domainNames: body.domainNames.slice(0, 20_000) });
      res.redirect(303, `/mypage/transferin?${q}`);
      return;
    }
    res.redirect(303, `/mypage/transferin/confirm?holdId=${encodeURIComponent(r.holdId)}`);
  }

  /** GET mypage/transferin/tlds -> the TLDs a transfer-in accepts */
  @Get('transferin/tlds')
  @Member()
  tlds(): Promise<string[]> {
    return this.domainOps.call<string[]>(DomainOpsPatterns.TransferTlds, {});
  }

  /** GET mypage/transferin/hold?holdId= -> the checked list the confirm page shows */
  @Get('transferin/hold')
  @Member()
  hold(@MemberId() userId: number, @Query('holdId') holdId: string): Promise<TransferHoldDto> {
    return this.domainOps.call<TransferHoldDto>(DomainOpsPatterns.TransferHold, { userId, holdId: String(holdId ?? '') });
  }

  /** POST mypage/transferin/confirm/hold { holdId, transfers } keeps the typed AUTHCODEs (before the card payment) */
  @Post('transferin/confirm/hold')
  @Member()
  @HttpCode(200)
  saveHold(@MemberId() userId: number, @Body() body: HoldBody): Promise<{ result: boolean }> {
    return this.domainOps.call<{ result: boolean }>(DomainOpsPatterns.TransferHoldSave, { userId, holdId: body.holdId, transfers: body.transfers });
  }

  /** POST mypage/transferin/request -> { result, domains[] { domain_name, error_msg }, errors } */
  @Post('transferin/request')
  @Purchaser()
  @HttpCode(200)
  request(@MemberId() userId: number, @Body() body: TransferRequestBody): Promise<TransferRequestResult> {
    if (!body.transfers.length) throw new BadRequestException({ message: 'transfers is required', errors: ['transfers is required'] });
    return this.domainOps.call<TransferRequestResult>(DomainOpsPatterns.TransferRequest, { ...body, userId }, 600_000);
  }

  /** GET mypage/transferin/list -> the member's transfers-in */
  @Get('transferin/list')
  @Member()
  list(@MemberId() userId: number): Promise<TransferInDto[]> {
    return this.domainOps.call<TransferInDto[]>(DomainOpsPatterns.TransferInList, { userId });
  }

  /** GET mypage/transferout/list -> other registrars' requests for the member's domains, awaiting an answer */
  @Get('transferout/list')
  @Member()
  outs(@MemberId() userId: number): Promise<TransferOutDto[]> {
    return this.domainOps.call<TransferOutDto[]>(DomainOpsPatterns.TransferOutList, { userId });
  }

  @Post('transferout/approve')
  @Member()
  @HttpCode(200)
  approve(@MemberId() userId: number, @Body() body: IdsBody): Promise<TransferOutAnswer> {
    return this.domainOps.call<TransferOutAnswer>(DomainOpsPatterns.TransferOutAnswer, { userId, ids: body.ids, approve: true }, 120_000);
  }

  @Post('transferout/reject')
  @Member()
  @HttpCode(200)
  reject(@MemberId() userId: number, @Body() body: IdsBody): Promise<TransferOutAnswer> {
    return this.domainOps.call<TransferOutAnswer>(DomainOpsPatterns.TransferOutAnswer, { userId, ids: body.ids, approve: false }, 120_000);
  }
}
