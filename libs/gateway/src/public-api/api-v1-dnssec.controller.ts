import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Req, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProperty, ApiPropertyOptional, ApiSecurity, ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Length, ValidateNested } from 'class-validator';
import { DnsPattern, DnssecPatterns, DnssecStateDto } from '@registrar/contracts';
import { API_MESSAGES } from '@registrar/messages';
import { DnsClient } from '../dns/dns.client';
import { Public } from '@registrar/identity';
import { OperationStarter } from '../operations/operation-starter';
import { ApiErrorCode, ApiException, ApiExceptionFilter } from './api-error';
import { ApiKeyGuard, ApiRequest } from './api-key.guard';
import { API_KEY_SCHEME } from './api-v1.controller';
import { ApiErrorDto, FlagBodyDto, JobAcceptedDto } from './api-v1.dto';
import { PublicApiService } from './public-api.service';

export class DnssecDsApiDto {
  @ApiProperty({ example: 2371, description: '鍵タグ（0〜65535）' }) @Type(() => Number) @IsInt() key_tag!: number;
  @ApiProperty({ example: 13, description: 'アルゴリズム番号（IANA: 5, 7, 8, 10, 13, 14, 15, 16）' }) @Type(() => Number) @IsInt() algorithm!: number;
  @ApiProperty({ example: 2, description: 'ダイジェストタイプ（1 SHA-1 / 2 SHA-256 / 4 SHA-384）' }) @Type(() => Number) @IsInt() digest_type!: number;
  @ApiProperty({ example: '1F987CC6583E92DF0890718C42A3B6C7F5EB4D6AA4E9A6C4E6F7B8B3C1D2E3F4', description: '16進数（SHA-1 40文字 / SHA-256 64文字 / SHA-384 96文字）' }) @IsString() @Length(1, 200) digest!: string;
}

export class DnssecKeyApiDto {
  @ApiProperty({ example: 2371 }) key_tag!: number;
  @ApiProperty({ example: 13 }) algorithm!: number;
  @ApiProperty({ example: 'ECDSAP256SHA256' }) algorithm_name!: string;
  @ApiProperty({ example: true }) active!: boolean;
  @ApiProperty({ example: '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==', description: 'DNSKEYレコードの値' }) dnskey!: string;
  @ApiPropertyOptional({ type: DnssecDsApiDto, nullable: true, description: 'この鍵のDS（SHA-256）' }) ds!: DnssecDsApiDto | null;
}

export class DnssecApiDto {
  @ApiProperty({ example: 'example-shop.com' }) domain!: string;
  @ApiProperty({ example: true, description: '当社ネームサーバー（01〜04.dnsv.jp）を利用中（ワンクリック署名が使える）' }) uses_our_dns!: boolean;
  @ApiProperty({ enum: ['off', 'managed', 'manual'], example: 'managed', description: 'managed 当社DNSで署名 / manual DSを手動登録 / off 無効' }) mode!: string;
  @ApiProperty({ enum: ['off', 'signing', 'ds_pending', 'active', 'rolling', 'removing', 'manual'], example: 'active', description: 'signing 署名中 / ds_pending DS登録待ち / active 有効 / rolling 鍵の更新中 / removing 無効化中 / manual 手動DS登録 / off 無効' }) status!: string;
  @ApiProperty({ example: '有効' }) status_label!: string;
  @ApiProperty({ type: [DnssecKeyApiDto] }) keys!: DnssecKeyApiDto[];
  @ApiProperty({ type: [DnssecDsApiDto], description: 'レジストリに登録されているDS（domain:info で確認したもの）' }) registry_ds!: DnssecDsApiDto[];
  @ApiPropertyOptional({ example: null, nullable: true, description: '鍵の更新・無効化の次の段階の予定時刻（ISO 8601）' }) due_at!: string | null;
  @ApiPropertyOptional({ example: null, nullable: true, description: '直近の失敗の理由' }) last_error!: string | null;
}

export class DnssecDsBodyDto {
  @ApiProperty({ type: [DnssecDsApiDto], description: '登録するDSレコードの全件（空の配列ですべて削除）' })
  @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => DnssecDsApiDto) ds!: DnssecDsApiDto[];
}

const domainParam = ApiParam({ name: 'domain', description: '自分のドメイン名', example: 'example-shop.com' });
const dsApi = (d: { keyTag: number; alg: number; digestType: number; digest: string }): DnssecDsApiDto => ({ key_tag: d.keyTag, algorithm: d.alg, digest_type: d.digestType, digest: d.digest });

/**
 * DNSSEC in the public API v1 (docs/dns.md "DNSSEC", docs/public-api.md): the panel's state and its three operations,
 * each a job of the web app's kind 'dnssec' (GET /api/v1/jobs/{id}).
 */
@ApiSecurity(API_KEY_SCHEME)
@Controller('api/v1')
@Public()
@UseGuards(ApiKeyGuard)
@UseFilters(ApiExceptionFilter)
export class ApiV1DnssecController {
  constructor(private readonly api: PublicApiService, private readonly dns: DnsClient, private readonly operations: OperationStarter) {}

  private userId(req: ApiRequest): number {
    if (!req.apiCaller) throw new ApiException(ApiErrorCode.MissingApiKey, API_MESSAGES.apiKeyMissing);
    return req.apiCaller.userId;
  }

  @Get('domains/:domain/dnssec')
  @ApiTags('domains')
  @domainParam
  @ApiOperation({ summary: 'DNSSECの状態', description: '署名の状態（署名中・DS登録待ち・有効など）、鍵（鍵タグ・アルゴリズム・DNSKEY・DS）、レジストリに登録されているDSを返します。' })
  @ApiOkResponse({ type: DnssecApiDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'NOT_FOUND: 自分のドメインではない' })
  async dnssecState(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<DnssecApiDto> {
    const userId = this.userId(req);
    const d = await this.api.resolve(userId, domain);
    const s = await this.dns.call<DnssecStateDto>(DnssecPatterns.State as unknown as DnsPattern, { userId, id: d.id });
    return {
      domain: d.name, uses_our_dns: s.isOurDns, mode: s.mode, status: s.status, status_label: s.statusLabel,
      keys: s.keys.map((k) => ({ key_tag: k.keyTag, algorithm: k.alg, algorithm_name: k.algorithm, active: k.active, dnskey: k.dnskey, ds: k.ds ? dsApi(k.ds) : null })),
      registry_ds: s.registryDs.map(dsApi), due_at: s.dueAt, last_error: s.lastError,
    };
  }

  @Put('domains/:domain/dnssec')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'DNSSECの有効化・無効化', description: '当社ネームサーバーのゾーンを署名し、DSをレジストリに登録します（enabled: true）。無効化はレジストリのDSを先に削除してから署名を止めます。' })
  @ApiBody({ type: FlagBodyDto, examples: { default: { value: { enabled: true } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: 他社DNS利用中、ゾーン未公開など' })
  async setDnssec(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: FlagBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.dnssec(this.userId(req), domain, (id) => this.operations.start(this.userId(req), 'dnssec', [id], { dnssec: { action: body.enabled ? 'enable' : 'disable' } })) };
  }

  @Post('domains/:domain/dnssec/rollover')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'DNSSEC鍵の更新', description: '新しい鍵で署名を始め、新旧のDSをレジストリに登録します。古い鍵とDSは、DSのキャッシュが切れた後に自動で削除されます。' })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: DNSSECが有効ではない' })
  async rolloverDnssec(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<JobAcceptedDto> {
    return { job: await this.api.dnssec(this.userId(req), domain, (id) => this.operations.start(this.userId(req), 'dnssec', [id], { dnssec: { action: 'roll' } })) };
  }

  @Put('domains/:domain/dnssec/ds')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'DSレコードの手動登録', description: '他社DNSで署名しているドメインのDSをレジストリに登録します（送った内容に置き換え。空の配列で削除）。' })
  @ApiBody({ type: DnssecDsBodyDto })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: DSの入力規則（details に理由）、当社DNSで署名中など' })
  async setDnssecDs(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: DnssecDsBodyDto): Promise<JobAcceptedDto> {
    const ds = body.ds.map((d) => ({ keyTag: d.key_tag, alg: d.algorithm, digestType: d.digest_type, digest: d.digest }));
    return { job: await this.api.dnssec(this.userId(req), domain, (id) => this.operations.start(this.userId(req), 'dnssec', [id], { dnssec: { action: 'manual', ds } })) };
  }
}

