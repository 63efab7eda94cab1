/**
 * 転送設定 in the public API v1: URL forwarding and mail forwarding of the member's own domains (the same rules and
 * messages as the web screen; the dns service answers). Shapes are read by @nestjs/swagger for the OpenAPI document.
 */
import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { DnsPattern, ForwardingListResult, ForwardingPatterns, ForwardingSaveResult } from '@registrar/contracts';
import { API_MESSAGES } from '@registrar/messages';
import { FORWARD_URL_MAX } from '@registrar/rules';
import { DnsClient } from '../dns/dns.client';
import { ApiErrorCode, ApiException } from './api-error';
import { PublicApiService } from './public-api.service';

export class ForwardCertificateApiDto {
  @ApiProperty({ enum: ['pending', 'valid', 'failed'], example: 'valid', description: 'pending 発行中 / valid 有効 / failed 発行失敗' })
  state!: 'pending' | 'valid' | 'failed';
  @ApiProperty({ type: String, nullable: true, example: '2027-02-25T09:00:00.000Z', description: '証明書の有効期限（期限の30日前に自動更新）' })
  not_after!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: '発行（または更新）に失敗した理由' })
  reason!: string | null;
}
export class UrlForwardApiDto {
  @ApiProperty({ example: 12 }) id!: number;
  @ApiProperty({ example: 'www', description: '転送するホスト名（空文字はドメイン名そのもの）' }) host!: string;
  @ApiProperty({ example: 'www.example-shop.com' }) fqdn!: string;
  @ApiProperty({ example: 'https://shop.example.net/' }) target!: string;
  @ApiProperty({ enum: [301, 302], example: 301, description: '301 恒久的 / 302 一時的' }) status!: 301 | 302;
  @ApiProperty({ example: true, description: 'リクエストのパスとクエリを転送先に引き継ぐ' }) keep_path!: boolean;
  @ApiProperty({ type: ForwardCertificateApiDto, nullable: true, description: 'HTTPSの証明書（ACMEで自動発行。null は自動発行なし＝HTTPのみ）' })
  certificate!: ForwardCertificateApiDto | null;
}
export class MailForwardApiDto {
  @ApiProperty({ example: 3 }) id!: number;
  @ApiProperty({ example: 'info', description: '転送元のアドレスの@より前（*はすべてのアドレス）' }) local_part!: string;
  @ApiProperty({ example: 'info@example-shop.com' }) address!: string;
  @ApiProperty({ example: 'owner@example.net' }) target!: string;
}
export class ForwardingApiDto {
  @ApiProperty({ example: 'example-shop.com' }) domain!: string;
  @ApiProperty({ example: true, description: '当社ネームサーバーを使っている（転送設定はこの場合のみ）' }) uses_our_dns!: boolean;
  @ApiProperty({ example: '203.0.113.80', description: '転送するホスト名のAレコード（自動で設定されます）' }) forwarder_ipv4!: string;
  @ApiProperty({ example: 'mx.dnsv.jp', description: 'メール転送のMXレコード（自動で設定されます）' }) mx_host!: string;
  @ApiProperty({ type: [UrlForwardApiDto] }) url!: UrlForwardApiDto[];
  @ApiProperty({ type: [MailForwardApiDto] }) mail!: MailForwardApiDto[];
}
export class UrlForwardBodyDto {
  @ApiProperty({ example: 'www', description: '転送するホスト名（空文字または@はドメイン名そのもの）' })
  @IsString() @MaxLength(253) host!: string;
  @ApiProperty({ example: 'https://shop.example.net/', description: `http:// または https:// のURL（${FORWARD_URL_MAX}文字まで）` })
  @IsString() @MaxLength(FORWARD_URL_MAX * 4) target!: string;
  @ApiPropertyOptional({ enum: [301, 302], default: 301 })
  @IsOptional() @Type(() => Number) @IsIn([301, 302]) status?: 301 | 302;
  @ApiPropertyOptional({ default: true, description: 'パスとクエリを引き継ぐ' })
  @IsOptional() @IsBoolean() keep_path?: boolean;
}
export class MailForwardBodyDto {
  @ApiProperty({ example: 'info', description: '@より前（*はすべてのアドレス）' })
  @IsString() @MaxLength(64) local_part!: string;
  @ApiProperty({ example: 'owner@example.net', description: '転送先のメールアドレス' })
  @IsString() @MaxLength(320) target!: string;
}
export class ForwardIdParam {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
}

const p = (x: string) => x as DnsPattern;

@Injectable()
export class ForwardingApiService {
  constructor(private readonly api: PublicApiService, private readonly dns: DnsClient) {}

  async get(userId: number, name: string): Promise<ForwardingApiDto> {
    const d = await this.api.resolve(userId, name);
    return toDto(await this.dns.call<ForwardingListResult>(p(ForwardingPatterns.List), { userId, id: d.id }));
  }

  async saveUrl(userId: number, name: string, b: UrlForwardBodyDto, forwardId?: number): Promise<ForwardingApiDto> {
    const d = await this.api.resolve(userId, name);
    const r = await this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.SaveUrl), { userId, id: d.id, forwardId, host: b.host, target: b.target, status: b.status ?? 301, keep_path: b.keep_path ?? true });
    return this.answer(r);
  }

  async saveMail(userId: number, name: string, b: MailForwardBodyDto, forwardId?: number): Promise<ForwardingApiDto> {
    const d = await this.api.resolve(userId, name);
    return this.answer(await this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.SaveMail), { userId, id: d.id, forwardId, local_part: b.local_part, target: b.target }));
  }

  async remove(userId: number, name: string, kind: 'url' | 'mail', forwardId: number): Promise<ForwardingApiDto> {
    const d = await this.api.resolve(userId, name);
    return this.answer(await this.dns.call<ForwardingSaveResult>(p(ForwardingPatterns.Remove), { userId, id: d.id, kind, forwardId }));
  }

  private answer(r: ForwardingSaveResult): ForwardingApiDto {
    if (!r.result || !r.list) throw new ApiException(ApiErrorCode.Rejected, r.errors[0] ?? API_MESSAGES.apiInternal, r.errors);
    return toDto(r.list);
  }
}

function toDto(l: ForwardingListResult): ForwardingApiDto {
  return {
    domain: l.domain.name, uses_our_dns: l.isOurDns, forwarder_ipv4: l.forwarderIpv4, mx_host: l.mxHost,
    url: l.url.map((u) => ({ id: u.id, host: u.host, fqdn: u.fqdn, target: u.target, status: u.status, keep_path: u.keep_path, certificate: u.certificate ?? null })),
    mail: l.mail.map((m) => ({ id: m.id, local_part: m.local_part, address: m.address, target: m.target })),
  };
}
