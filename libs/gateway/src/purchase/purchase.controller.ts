import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { rpc } from '@registrar/infra';
import {
  CampaignRemainingResult, CampaignSlotsResult, CATALOG_CLIENT, CatalogPatterns, CreateDomainsResult, DefaultSettingResult, DomainOpsPatterns, EstimateItem, OrderStatusResult, PrereqResult, WhoisContactResult,
} from '@registrar/contracts';
import { Member, Purchaser } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from './domain-ops.client';
import { CreateDomainsBody, PrereqBody, WhoisContactBody } from './purchase.dto';

/** domainNames[] from a query string (repeated, bracketed or single). */
function namesOf(q: Record<string, unknown>): string[] {
  const v = q['domainNames[]'] ?? q['domainNames'];
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return list.map(String).filter(Boolean).slice(0, 100);
}

/** The purchase flow (000 spec §7): estimates, the order and its status, .co.jp WHOIS, default settings, WHOIS contacts. */
@Controller('mypage/domain')
export class PurchaseController {
  constructor(private readonly domainOps: DomainOpsClient, @Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy) {}

  /**
   * GET mypage/domain/price/campaign -> { limit, used, remaining }: the member's campaign registrations left this Tokyo
   * month, so the search shows the price checkout will charge (the normal price once the 5 slots are used).
   */
  @Get('price/campaign')
  @Member()
  async campaign(@MemberId() userId: number): Promise<CampaignSlotsResult> {
    const r = await rpc<CampaignRemainingResult>(this.catalog, CatalogPatterns.CampaignRemaining, { userId }, 10_000);
    return { limit: r.limit, used: r.used, remaining: r.remaining };
  }

  /** GET mypage/domain/price/estimate/campaign?domainNames[]=… -> EstimateItem[] */
  @Get('price/estimate/campaign')
  @Member()
  estimate(@MemberId() userId: number, @Query() q: Record<string, unknown>): Promise<EstimateItem[]> {
    return this.domainOps.call<EstimateItem[]>(DomainOpsPatterns.Estimate, { userId, domainNames: namesOf(q) });
  }

  /** POST mypage/domain/create -> CreateDomainsResult (answers at once; the registration runs as jobs) */
  @Post('create')
  @Purchaser()
  @HttpCode(200)
  create(@MemberId() userId: number, @Body() body: CreateDomainsBody): Promise<CreateDomainsResult> {
    return this.domainOps.call<CreateDomainsResult>(DomainOpsPatterns.Create, { ...body, userId });
  }

  /** GET mypage/domain/create/status?orderId= -> OrderStatusResult (the owner only) */
  @Get('create/status')
  @Member()
  status(@MemberId() userId: number, @Query('orderId') orderId: string): Promise<OrderStatusResult> {
    if (typeof orderId !== 'string' || !/^[0-9a-f-]{36}$/i.test(orderId)) throw new BadRequestException({ message: 'orderId is required', errors: ['orderId is required'] });
    return this.domainOps.call<OrderStatusResult>(DomainOpsPatterns.CreateStatus, { userId, orderId });
  }

  /** POST mypage/domain/create/prereq -> PrereqResult */
  @Post('create/prereq')
  @Purchaser()
  @HttpCode(200)
  prereq(@MemberId() userId: number, @Body() body: PrereqBody): Promise<PrereqResult> {
    return this.domainOps.call<PrereqResult>(DomainOpsPatterns.Prereq, { ...body, userId });
  }

  /** GET mypage/domain/default -> DefaultSettingResult */
  @Get('default')
  @Member()
  defaults(@MemberId() userId: number): Promise<DefaultSettingResult> {
    return this.domainOps.call<DefaultSettingResult>(DomainOpsPatterns.Defaults, { userId });
  }

  /** POST mypage/domain/whois -> WhoisContactResult */
  @Post('whois')
  @Member()
  @HttpCode(200)
  whois(@MemberId() userId: number, @Body() body: WhoisContactBody): Promise<WhoisContactResult> {
    return this.domainOps.call<WhoisContactResult>(DomainOpsPatterns.WhoisContactAdd, { ...body, userId });
  }
}
