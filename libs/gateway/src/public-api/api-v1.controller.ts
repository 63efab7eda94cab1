import { All, Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Req, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiExcludeController, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam,
  ApiSecurity, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { API_MESSAGES } from '@registrar/messages';
import { Public } from '@registrar/identity';
import { ApiErrorCode, ApiException, ApiExceptionFilter } from './api-error';
import { ApiCaller, ApiKeyGuard, ApiRequest } from './api-key.guard';
import {
  ApiErrorDto, AvailabilityDto, AvailabilityQueryDto, DnsRecordsBodyDto, DnsRecordsDto, DomainDto, DomainListDto, DomainListQueryDto, FlagBodyDto, JobAcceptedDto,
  JobDto, NameServersBodyDto, PricesDto, PricesQueryDto, RegisterBodyDto, RenewBodyDto,
} from './api-v1.dto';
import { ForwardingApiDto, ForwardingApiService, MailForwardBodyDto, UrlForwardBodyDto } from './forwarding-api';
import { PublicApiService } from './public-api.service';

export const API_KEY_SCHEME = 'ApiKey';

const caller = (req: ApiRequest): ApiCaller => {
  if (!req.apiCaller) throw new ApiException(ApiErrorCode.MissingApiKey, API_MESSAGES.apiKeyMissing);
  return req.apiCaller;
};
const domainParam = ApiParam({ name: 'domain', description: '自分のドメイン名（日本語ドメインは日本語・Punycodeどちらでも）', example: 'example-shop.com' });

/** The errors every authenticated call may answer. */
function CommonErrors(): MethodDecorator & ClassDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const decorators = [
      ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'MISSING_API_KEY / INVALID_API_KEY: APIキーがない・正しくない' }),
      ApiForbiddenResponse({ type: ApiErrorDto, description: 'API_DISABLED / IP_NOT_ALLOWED（/ PURCHASE_NOT_ALLOWED）' }),
      ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'RATE_LIMITED: 呼び出し回数の上限。Retry-After 秒後に再度お試しください' }),
    ];
    for (const d of decorators) (d as (t: object, k?: string | symbol, desc?: PropertyDescriptor) => void)(target, key, descriptor);
  };
}

/**
 * Public API v1 (issue 17): the same calls as the web app, authenticated by the member's API key (X-API-Key), with
 * the IP allow-list and a per-key rate limit (ApiKeyGuard). Long work answers 202 with a job to poll.
 */
@ApiSecurity(API_KEY_SCHEME)
@CommonErrors()
@Controller('api/v1')
@Public()
@UseGuards(ApiKeyGuard)
@UseFilters(ApiExceptionFilter)
export class ApiV1Controller {
  constructor(private readonly api: PublicApiService, private readonly forwarding: ForwardingApiService) {}

  @Get('availability')
  @ApiTags('search')
  @ApiOperation({ summary: 'ドメインの空き状況', description: 'レジストリに問い合わせて、最大25件のドメイン名が取得できるかを調べます（ドメイン検索と同じ確認）。' })
  @ApiOkResponse({ type: AvailabilityDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'VALIDATION_FAILED' })
  availability(@Query() q: AvailabilityQueryDto): Promise<AvailabilityDto> {
    return this.api.checkAvailability(q.domains);
  }

  @Get('prices')
  @ApiTags('search')
  @ApiOperation({ summary: '料金一覧', description: 'TLDごとの新規登録・更新・移管の料金（円・税込）。料金一覧ページと同じ内容です。' })
  @ApiOkResponse({ type: PricesDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'NOT_FOUND: 取り扱いのないTLD' })
  prices(@Query() q: PricesQueryDto): Promise<PricesDto> {
    return this.api.prices(q.tld);
  }

  @Get('domains')
  @ApiTags('domains')
  @ApiOperation({ summary: '保有ドメインの一覧', description: 'ドメイン一覧と同じ検索です（ページ送り、キーワード、並び順）。' })
  @ApiOkResponse({ type: DomainListDto })
  list(@Req() req: ApiRequest, @Query() q: DomainListQueryDto): Promise<DomainListDto> {
    return this.api.list(caller(req).userId, q);
  }

  @Post('domains')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'ドメインの新規取得（ポイント払い）',
    description: '見積もりと同じ料金で注文し、保有ポイントで支払います。すぐに202とジョブを返し、取得はジョブで進みます。WHOIS情報などはドメイン初期設定が使われます。',
  })
  @ApiBody({ type: RegisterBodyDto, examples: { default: { value: { domains: [{ name: 'example-shop.com', years: 1 }], idempotency_key: 'order-20261123-0001' } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: ポイント不足、取得済みのドメインなど（理由は message）' })
  async register(@Req() req: ApiRequest, @Body() body: RegisterBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.register(caller(req), body) };
  }

  @Get('domains/:domain')
  @ApiTags('domains')
  @domainParam
  @ApiOperation({ summary: 'ドメインの詳細' })
  @ApiOkResponse({ type: DomainDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'NOT_FOUND: 自分のドメインではない' })
  detail(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<DomainDto> {
    return this.api.detail(caller(req).userId, domain);
  }

  @Post('domains/:domain/renew')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'ドメインの更新（ポイント払い）', description: '更新モーダルと同じ料金（期限切れ後は復旧料金）で更新し、保有ポイントで支払います。' })
  @ApiBody({ type: RenewBodyDto, examples: { default: { value: { years: 1 } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: 期間外、ポイント不足など' })
  async renew(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: RenewBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.renew(caller(req), domain, body.years, body.idempotency_key) };
  }

  @Put('domains/:domain/nameservers')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'ネームサーバーの変更', description: 'レジストリでネームサーバーを変更します（ネームサーバー変更と同じ処理）。' })
  @ApiBody({ type: NameServersBodyDto, examples: { default: { value: { nameservers: [{ name: 'ns1.example.net' }, { name: 'ns2.example.net' }] } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: ネームサーバーの入力規則など' })
  async nameServers(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: NameServersBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.nameServers(caller(req).userId, domain, body.nameservers) };
  }

  @Get('domains/:domain/dns')
  @ApiTags('domains')
  @domainParam
  @ApiOperation({ summary: 'DNSレコードの取得' })
  @ApiOkResponse({ type: DnsRecordsDto })
  dns(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<DnsRecordsDto> {
    return this.api.dnsRecords(caller(req).userId, domain);
  }

  @Put('domains/:domain/dns')
  @ApiTags('domains')
  @domainParam
  @ApiOperation({ summary: 'DNSレコードの保存', description: 'ゾーンのレコードを送った内容に置き換えます（DNS設定と同じ規則）。保存後すぐに当社DNSが応答します。' })
  @ApiBody({ type: DnsRecordsBodyDto, examples: { default: { value: { records: [{ host: 'www', type: 'A', ttl: 3600, value: '192.0.2.10' }, { host: '', type: 'MX', ttl: 3600, value: 'mail.example-shop.com', priority: 10 }] } } } })
  @ApiOkResponse({ type: DnsRecordsDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: レコードの入力規則（details に行ごとの理由）' })
  saveDns(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: DnsRecordsBodyDto): Promise<DnsRecordsDto> {
    return this.api.saveDns(caller(req).userId, domain, body.records);
  }

  @Put('domains/:domain/lock')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'ドメインロックの変更', description: 'レジストリで移管・削除の禁止（clientTransferProhibited、clientDeleteProhibited）を設定・解除します。' })
  @ApiBody({ type: FlagBodyDto, examples: { default: { value: { enabled: true } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  async lock(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: FlagBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.lock(caller(req).userId, domain, body.enabled) };
  }

  @Put('domains/:domain/auto-renew')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: '自動更新の変更', description: '自動更新をONにするにはクレジットカードの登録が必要です。' })
  @ApiBody({ type: FlagBodyDto, examples: { default: { value: { enabled: false } } } })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: カード未登録、期限当日など' })
  async autoRenew(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: FlagBodyDto): Promise<JobAcceptedDto> {
    return { job: await this.api.autoRenew(caller(req).userId, domain, body.enabled) };
  }

  @Post('domains/:domain/authcode')
  @ApiTags('domains')
  @HttpCode(HttpStatus.ACCEPTED)
  @domainParam
  @ApiOperation({ summary: 'AUTHCODEの発行', description: '新しいAUTHCODE（移管用の認証コード）をレジストリで発行します。コードはジョブの完了後、最初の取得で一度だけ items[].authcode に返ります。ロック中・WHOIS代理公開中は発行できません。' })
  @ApiAcceptedResponse({ type: JobAcceptedDto })
  async authcode(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<JobAcceptedDto> {
    return { job: await this.api.authcode(caller(req).userId, domain) };
  }

  @Get('domains/:domain/forwarding')
  @ApiTags('forwarding')
  @domainParam
  @ApiOperation({ summary: '転送設定の取得', description: 'URL転送とメール転送の設定です。' })
  @ApiOkResponse({ type: ForwardingApiDto })
  forwardingGet(@Req() req: ApiRequest, @Param('domain') domain: string): Promise<ForwardingApiDto> {
    return this.forwarding.get(caller(req).userId, domain);
  }

  @Post('domains/:domain/forwarding/url')
  @ApiTags('forwarding')
  @HttpCode(HttpStatus.OK)
  @domainParam
  @ApiOperation({
    summary: 'URL転送の追加',
    description: 'ホスト名へのアクセスを転送先URLへ301・302で転送します。ホスト名のAレコード（転送サーバー）は自動で設定され、当社DNSがすぐに応答します。同じホスト名のA・AAAA・CNAMEレコードがある場合は設定できません。',
  })
  @ApiBody({ type: UrlForwardBodyDto, examples: { default: { value: { host: 'www', target: 'https://shop.example.net/', status: 301, keep_path: true } } } })
  @ApiOkResponse({ type: ForwardingApiDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: URLの形式、ループ、レコードの重複、件数の上限など' })
  forwardingAddUrl(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: UrlForwardBodyDto): Promise<ForwardingApiDto> {
    return this.forwarding.saveUrl(caller(req).userId, domain, body);
  }

  @Put('domains/:domain/forwarding/url/:id')
  @ApiTags('forwarding')
  @domainParam
  @ApiParam({ name: 'id', description: 'URL転送のID', example: 12 })
  @ApiOperation({ summary: 'URL転送の変更' })
  @ApiBody({ type: UrlForwardBodyDto })
  @ApiOkResponse({ type: ForwardingApiDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED' })
  forwardingPutUrl(@Req() req: ApiRequest, @Param('domain') domain: string, @Param('id') id: string, @Body() body: UrlForwardBodyDto): Promise<ForwardingApiDto> {
    return this.forwarding.saveUrl(caller(req).userId, domain, body, positive(id));
  }

  @Delete('domains/:domain/forwarding/url/:id')
  @ApiTags('forwarding')
  @domainParam
  @ApiParam({ name: 'id', description: 'URL転送のID', example: 12 })
  @ApiOperation({ summary: 'URL転送の削除', description: '転送サーバーのAレコードも削除されます。' })
  @ApiOkResponse({ type: ForwardingApiDto })
  forwardingDeleteUrl(@Req() req: ApiRequest, @Param('domain') domain: string, @Param('id') id: string): Promise<ForwardingApiDto> {
    return this.forwarding.remove(caller(req).userId, domain, 'url', positive(id));
  }

  @Post('domains/:domain/forwarding/mail')
  @ApiTags('forwarding')
  @HttpCode(HttpStatus.OK)
  @domainParam
  @ApiOperation({
    summary: 'メール転送の追加',
    description: 'ドメインのアドレス（*はすべてのアドレス）に届いたメールを転送先へ送ります。MXレコードは自動で設定されます。差出人はSRSで書き換えられ、転送先のSPF検査を通ります。',
  })
  @ApiBody({ type: MailForwardBodyDto, examples: { default: { value: { local_part: 'info', target: 'owner@example.net' } } } })
  @ApiOkResponse({ type: ForwardingApiDto })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'REJECTED: アドレスの形式、ループ、MXレコードの重複、件数の上限など' })
  forwardingAddMail(@Req() req: ApiRequest, @Param('domain') domain: string, @Body() body: MailForwardBodyDto): Promise<ForwardingApiDto> {
    return this.forwarding.saveMail(caller(req).userId, domain, body);
  }

  @Delete('domains/:domain/forwarding/mail/:id')
  @ApiTags('forwarding')
  @domainParam
  @ApiParam({ name: 'id', description: 'メール転送のID', example: 3 })
  @ApiOperation({ summary: 'メール転送の削除', description: '最後のメール転送を削除するとMXレコードも削除されます。' })
  @ApiOkResponse({ type: ForwardingApiDto })
  forwardingDeleteMail(@Req() req: ApiRequest, @Param('domain') domain: string, @Param('id') id: string): Promise<ForwardingApiDto> {
    return this.forwarding.remove(caller(req).userId, domain, 'mail', positive(id));
  }

  @Get('jobs/:id')
  @ApiTags('jobs')
  @ApiParam({ name: 'id', description: '202で返ったジョブのID', example: 'op_2f1c3a5e-8d7b-4c1e-9a7f-0c6d5e4b3a21' })
  @ApiOperation({ summary: 'ジョブの状態', description: 'status が finished になるまで数秒おきに取得してください。ドメインごとの結果は items にあります。' })
  @ApiOkResponse({ type: JobDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'NOT_FOUND: 存在しない、または他の会員のジョブ' })
  job(@Req() req: ApiRequest, @Param('id') id: string): Promise<JobDto> {
    return this.api.job(caller(req).userId, id);
  }
}

function positive(raw: string): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiNotFound);
  return n;
}

/** Any other path under /api/v1: a JSON 404 with a code, like every other API error. Registered after the API's routes. */
@ApiExcludeController()
@Controller('api/v1')
@Public()
@UseFilters(ApiExceptionFilter)
export class ApiV1FallbackController {
  @All('*path')
  notFound(): never {
    throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiNotFound);
  }
}
