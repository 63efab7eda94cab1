import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiProperty, ApiPropertyOptional, ApiSecurity, ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { IsObject, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { DnsToolsApplyResult, DnsToolsPatterns, TemplatePreview, ZoneFileDto, ZoneImportPreview } from '@registrar/contracts';
import { API_MESSAGES } from '@registrar/messages';
import { DNS_TEMPLATES } from '@registrar/rules';
import { Public } from '@registrar/identity';
import { DnsClient } from '../dns/dns.client';
import { sendZoneFile, ZONE_TEXT_MAX } from '../dns/dns-tools.controller';
import { ApiErrorCode, ApiException, ApiExceptionFilter } from './api-error';
import { ApiCaller, ApiKeyGuard, ApiRequest } from './api-key.guard';
import { ApiErrorDto } from './api-v1.dto';
import { PublicApiService } from './public-api.service';

const caller = (req: ApiRequest): ApiCaller => {
  if (!req.apiCaller) throw new ApiException(ApiErrorCode.MissingApiKey, API_MESSAGES.apiKeyMissing);
  return req.apiCaller;
};
const domainParam = ApiParam({ name: 'domain', description: '自分のドメイン名（日本語ドメインは日本語・Punycodeどちらでも）', example: 'example-shop.com' });
const SAMPLE = '$ORIGIN example-shop.com.\n$TTL 3600\n@\tIN\tA\t192.0.2.10\nwww\tIN\tCNAME\texample-shop.com.\n@\tIN\tMX\t10 mail.example-shop.com.\n@\tIN\tTXT\t"v=spf1 mx ~all"\n';

export class ZoneFileBodyDto {
  @ApiProperty({ description: 'BIND形式のゾーンファイル（$ORIGIN・$TTL・相対名・括弧による複数行に対応。SOAと@のNSは無視されます）', example: SAMPLE })
  @IsString() @MaxLength(ZONE_TEXT_MAX) zone_file!: string;
  @ApiPropertyOptional({ description: 'プレビューで返った base。指定すると、その後にレコードが変わっていた場合は適用しません', example: '3f2a…' })
  @IsOptional() @IsString() @Length(0, 64) base?: string;
}
export class DnsChangeApiDto {
  @ApiProperty({ enum: ['add', 'change', 'remove', 'same'], example: 'add' }) kind!: string;
  @ApiPropertyOptional({ example: 12, description: 'ゾーンファイルの行番号' }) line?: number;
  @ApiProperty({ example: 'www.example-shop.com. 3600 IN A 192.0.2.10', description: 'レコード（ゾーンファイルの1行の形）' }) text!: string;
}
export class LineIssueDto {
  @ApiProperty({ example: 12 }) line!: number;
  @ApiProperty({ example: 'Aレコードの値はIPv4アドレスで入力してください' }) message!: string;
}
export class ZoneImportPreviewDto {
  @ApiProperty({ example: true, description: '誤りがなく適用できる' }) ok!: boolean;
  @ApiProperty({ type: [LineIssueDto], description: '行ごとの誤り（1つでもあれば適用されません）' }) errors!: LineIssueDto[];
  @ApiProperty({ type: [LineIssueDto], description: '読み込まずに無視する行（SOA、@のNS、DNSSECのレコード、DS）' }) skipped!: LineIssueDto[];
  @ApiProperty({ type: [DnsChangeApiDto] }) changes!: DnsChangeApiDto[];
  @ApiProperty({ example: { add: 3, change: 1, remove: 0, same: 5 } }) counts!: Record<string, number>;
  @ApiProperty({ example: '3f2a9c…', description: '適用時に渡すと、プレビュー後の変更を検出します' }) base!: string;
}
export class DnsApplyDto {
  @ApiProperty({ example: 'ゾーンファイルを読み込みました（追加3件・変更1件・削除0件）' }) message!: string;
  @ApiProperty({ example: { add: 3, change: 1, remove: 0 } }) counts!: Record<string, number>;
}
export class TemplateBodyDto {
  @ApiProperty({ description: 'テンプレートのパラメーター（テンプレートごとに異なります。GET /api/v1/dns/templates）', example: { verification: 'google-site-verification=abc123' } })
  @IsObject() params!: Record<string, string>;
  @ApiPropertyOptional({ description: 'プレビューで返った base' }) @IsOptional() @IsString() @Length(0, 64) base?: string;
}
export class TemplatePreviewDto {
  @ApiProperty({ example: true }) ok!: boolean;
  @ApiProperty({ example: [], description: '競合など、適用できない理由' }) errors!: string[];
  @ApiProperty({ example: {}, description: 'パラメーターごとの誤り' }) fieldErrors!: Record<string, string>;
  @ApiProperty({ type: [DnsChangeApiDto] }) changes!: DnsChangeApiDto[];
  @ApiProperty({ example: { add: 3, change: 0, same: 0 } }) counts!: Record<string, number>;
  @ApiProperty({ example: '3f2a9c…' }) base!: string;
}
export class TemplateParamApiDto {
  @ApiProperty({ example: 'verification' }) key!: string;
  @ApiProperty({ example: '確認コード' }) label!: string;
  @ApiProperty({ enum: ['ipv4', 'host', 'token', 'email', 'choice'] }) kind!: string;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional({ example: [{ value: 'none', label: 'none' }] }) choices?: { value: string; label: string }[];
}
export class TemplateApiDto {
  @ApiProperty({ example: 'google-workspace' }) id!: string;
  @ApiProperty({ example: 'Google Workspace' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [TemplateParamApiDto] }) params!: TemplateParamApiDto[];
}

const templateParam = ApiParam({ name: 'template', description: 'テンプレートのID', enum: DNS_TEMPLATES.map((t) => t.id), example: 'google-workspace' });

/**
 * Public API v1: zone files and DNS templates (issue 29). The same dns service calls as the DNS screen, the member named
 * by the API key; refusals answer 422 REJECTED with the reasons (line by line for a zone file) in details.
 */
@ApiSecurity('ApiKey')
@Controller('api/v1')
@Public()
@UseGuards(ApiKeyGuard)
@UseFilters(ApiExceptionFilter)
export class ApiV1ZoneController {
  constructor(private readonly api: PublicApiService, private readonly dns: DnsClient) {}

  @Get('dns/templates')
  @ApiTags('dns')
  @ApiOperation({ summary: 'DNSテンプレートの一覧', description: 'Google Workspace、Microsoft 365、国内レンタルサーバー、メールのなりすまし対策など、1回で追加できるレコードの組み合わせとそのパラメーター。' })
  @ApiOkResponse({ type: [TemplateApiDto] })
  templates(): TemplateApiDto[] {
    return DNS_TEMPLATES.map((t) => ({ id: t.id, name: t.name, description: t.description, params: t.params.map((p) => ({ key: p.key, label: p.label, kind: p.kind, required: p.required, ...(p.choices ? { choices: p.choices } : {}) })) }));
  }

  @Get('domains/:domain/zone')
  @ApiTags('dns')
  @domainParam
  @ApiOperation({ summary: 'ゾーンファイルの書き出し', description: 'ゾーンをBIND形式（text/dns）で返します。$ORIGIN・$TTL、当社ネームサーバーのSOAとNS、DSはコメントとして含みます。' })
  @ApiProduces('text/dns')
  @ApiOkResponse({ description: 'BIND形式のゾーンファイル', schema: { type: 'string', example: SAMPLE } })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'NOT_FOUND: 自分のドメインではない' })
  async exportZone(@Req() req: ApiRequest, @Param('domain') domain: string, @Res() res: Response): Promise<void> {
    const userId = caller(req).userId;
    const d = await this.api.resolve(userId, domain);
    sendZoneFile(res, await this.dns.call<ZoneFileDto>(DnsToolsPatterns.ExportZone, { userId, id: d.id }));
  }

  @Post('domains/:domain/zone/preview')
  @ApiTags('dns')
  @HttpCode(HttpStatus.OK)
  @domainParam
  @ApiOperation({ summary: 'ゾーンファイル読み込みのプレビュー', description: '読み込んだ場合の追加・変更・削除と、行ごとの誤りを返します（保存はしません）。' })
  @ApiBody({ type: ZoneFileBodyDto })
  @ApiOkResponse({ type: ZoneImportPreviewDto })
  async importPreview(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: ZoneFileBodyDto): Promise<ZoneImportPreview> {
    const userId = caller(req).userId;
    const d = await this.api.resolve(userId, domain);
    return this.dns.call<ZoneImportPreview>(DnsToolsPatterns.ImportPreview, { userId, id: d.id, text: body.zone_file }, 120_000);
  }

  @Put('domains/:domain/zone')
  @ApiTags('dns')
  @domainParam
  @ApiOperation({ summary: 'ゾーンファイルの読み込み', description: 'ゾーンのレコードをファイルの内容に置き換えます（DSレコードは残ります）。1行でも誤りがあれば何も変更しません。保存後すぐに当社DNSが応答します。' })
  @ApiBody({ type: ZoneFileBodyDto })
  @ApiOkResponse({ type: DnsApplyDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: 行ごとの誤り（details に「12行目: …」）、プレビュー後の変更など' })
  async importApply(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: ZoneFileBodyDto): Promise<DnsApplyDto> {
    const userId = caller(req).userId;
    const d = await this.api.resolve(userId, domain);
    return applied(await this.dns.call<DnsToolsApplyResult>(DnsToolsPatterns.ImportApply, { userId, id: d.id, text: body.zone_file, base: body.base }, 120_000));
  }

  @Post('domains/:domain/dns/templates/:template/preview')
  @ApiTags('dns')
  @HttpCode(HttpStatus.OK)
  @domainParam
  @templateParam
  @ApiOperation({ summary: 'DNSテンプレートのプレビュー', description: '追加・置き換えになるレコードと、競合（CNAME、既存のMX、2つ目のSPFなど）を返します。' })
  @ApiBody({ type: TemplateBodyDto })
  @ApiOkResponse({ type: TemplatePreviewDto })
  async templatePreview(@Req() req: ApiRequest, @Param('domain') domain: string, @Param('template') template: string, @Body() body: TemplateBodyDto): Promise<TemplatePreview> {
    const userId = caller(req).userId;
    const d = await this.api.resolve(userId, domain);
    return this.dns.call<TemplatePreview>(DnsToolsPatterns.TemplatePreview, { userId, id: d.id, template, params: body.params });
  }

  @Post('domains/:domain/dns/templates/:template')
  @ApiTags('dns')
  @HttpCode(HttpStatus.OK)
  @domainParam
  @templateParam
  @ApiOperation({ summary: 'DNSテンプレートの適用', description: 'テンプレートのレコードを追加します。競合があれば何も変更しません。' })
  @ApiBody({ type: TemplateBodyDto, examples: { default: { value: { params: { verification: 'google-site-verification=abc123' } } } } })
  @ApiOkResponse({ type: DnsApplyDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: 競合、パラメーターの誤りなど（details に理由）' })
  async templateApply(@Req() req: ApiRequest, @Param('domain') domain: string, @Param('template') template: string, @Body() body: TemplateBodyDto): Promise<DnsApplyDto> {
    const userId = caller(req).userId;
    const d = await this.api.resolve(userId, domain);
    return applied(await this.dns.call<DnsToolsApplyResult>(DnsToolsPatterns.TemplateApply, { userId, id: d.id, template, params: body.params, base: body.base }, 120_000));
  }
}

function applied(r: DnsToolsApplyResult): DnsApplyDto {
  if (!r.result) throw new ApiException(ApiErrorCode.Rejected, r.errors[0] ?? API_MESSAGES.apiInternal, r.errors);
  return { message: r.message ?? '', counts: r.counts ?? {} };
}
