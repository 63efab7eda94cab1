import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Logger, Param, Post, Query } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  isWhoisMailRpcError, WHOIS_MAIL_CLIENT, WhoisEmailCountResult, WhoisEmailDetailDto, WhoisEmailListResult, WhoisEmailUpdateResult,
  WhoisMailErrorCode, WhoisMailPattern, WhoisMailPatterns,
} from '@registrar/contracts';
import { rpc, RpcTimeoutError } from '@registrar/infra';
import { WM } from '@registrar/messages';
import { SuperAdmin } from '@registrar/identity';

/** HTTP status of every whois-mail error code (exhaustive). */
export function whoisMailHttpStatus(code: WhoisMailErrorCode): number {
  switch (code) {
    case WhoisMailErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case WhoisMailErrorCode.Invalid: return HttpStatus.UNPROCESSABLE_ENTITY;
    case WhoisMailErrorCode.Conflict: return HttpStatus.CONFLICT;
    case WhoisMailErrorCode.Internal: return HttpStatus.BAD_GATEWAY;
    default: {
      const never: never = code;
      throw new Error(`unmapped whois-mail error ${never}`);
    }
  }
}

/**
 * The WHOIS proxy mail inbox (002 spec §7), super admins only: the list with type/status/page, the counts, one mail,
 * reclassification and 'change to success'. Failures answer { result: false } with the messages the screens show
 * (error_msg for the list, message for the rest); an unexpected one carries no message (the screen shows its fallback).
 */
@Controller('admin/api/whois/emails')
@SuperAdmin()
export class WhoisMailAdminController {
  private readonly logger = new Logger('whois-mail-admin');

  constructor(@Inject(WHOIS_MAIL_CLIENT) private readonly client: ClientProxy) {}

  private async call<T>(pattern: WhoisMailPattern, payload: unknown, field: 'error_msg' | 'message'): Promise<T> {
    try {
      return await rpc<T>(this.client, pattern, payload, 15_000);
    } catch (e) {
      if (isWhoisMailRpcError(e) && e.code !== WhoisMailErrorCode.Internal) {
        throw new HttpException({ result: false, [field]: [e.message] }, whoisMailHttpStatus(e.code));
      }
      this.logger.error(`${pattern}: ${(e as Error)?.message ?? JSON.stringify(e)}`);
      const status = e instanceof RpcTimeoutError ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY;
      throw new HttpException({ result: false, [field]: [] }, status);
    }
  }

  /** GET /admin/api/whois/emails?type=&status=&page= -> result, emails {data,total,last_page}, error_msg[] */
  @Get()
  async list(@Query('type') type?: string, @Query('status') status?: string, @Query('page') page?: string) {
    const emails = await this.call<WhoisEmailListResult>(WhoisMailPatterns.List, { type: type ?? null, status: status ?? null, page: page ?? 1 }, 'error_msg');
    return { result: true, emails, error_msg: [] as string[] };
  }

  /** GET /admin/api/whois/emails/count -> result, typeCnt, statusCnt, processingCnt */
  @Get('count')
  async count() {
    const c = await this.call<WhoisEmailCountResult>(WhoisMailPatterns.Count, {}, 'error_msg');
    return { result: true, ...c };
  }

  /** GET /admin/api/whois/emails/{id} -> result, email */
  @Get(':id')
  async get(@Param('id') id: string) {
    const email = await this.call<WhoisEmailDetailDto>(WhoisMailPatterns.Get, { id: Number(id) }, 'message');
    return { result: true, email };
  }

  /** POST /admin/api/whois/emails/{id}/type/update {type} -> result, message[] */
  @Post(':id/type/update')
  @HttpCode(200)
  async updateType(@Param('id') id: string, @Body() body: { type?: unknown }) {
    const r = await this.call<WhoisEmailUpdateResult>(WhoisMailPatterns.UpdateType, { id: Number(id), type: body?.type }, 'message');
    return { result: true, message: [WM.typeUpdated], email: r.email };
  }

  /** POST /admin/api/whois/emails/{id}/status/success {type: the current type} -> result, message[] */
  @Post(':id/status/success')
  @HttpCode(200)
  async success(@Param('id') id: string, @Body() body: { type?: unknown }) {
    const r = await this.call<WhoisEmailUpdateResult>(WhoisMailPatterns.MarkSuccess, { id: Number(id), type: body?.type }, 'message');
    return { result: true, message: [WM.statusSucceeded], email: r.email };
  }
}
