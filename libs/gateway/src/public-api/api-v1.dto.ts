/**
 * Request and answer shapes of the public API v1. The decorators are the single source of the OpenAPI document
 * (@nestjs/swagger reads them) and of the request checks (class-validator through the global ValidationPipe).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested,
} from 'class-validator';
import { ApiErrorCode } from './api-error';

const list = (v: unknown): string[] => (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean);

// ---------- errors

export class ApiErrorDetailDto {
  @ApiProperty({ enum: ApiErrorCode, enumName: 'ApiErrorCode', example: ApiErrorCode.InvalidApiKey }) code!: ApiErrorCode;
  @ApiProperty({ example: 'APIキーが正しくありません' }) message!: string;
  @ApiPropertyOptional({ description: '理由の一覧（検証エラー、サービスが拒否した理由など）', example: ['ネームサーバーは2つ以上設定してください'] }) details?: unknown;
}
export class ApiErrorDto {
  @ApiProperty({ type: ApiErrorDetailDto }) error!: ApiErrorDetailDto;
}

// ---------- availability and prices

export class AvailabilityQueryDto {
  @ApiProperty({ description: '調べるドメイン名（カンマ区切り、最大25件）。日本語ドメインも可', example: 'example-shop.com,example-shop.net' })
  @Transform(({ value }) => list(value))
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(25) @IsString({ each: true }) @Length(1, 300, { each: true })
  domains!: string[];
}
export class AvailabilityItemDto {
  @ApiProperty({ example: 'example-shop.com', description: 'ASCII（Punycode）のドメイン名' }) domain!: string;
  @ApiProperty({ enum: ['available', 'unavailable', 'error'], example: 'available', description: 'available 取得可能 / unavailable 取得不可 / error 確認できませんでした' })
  status!: 'available' | 'unavailable' | 'error';
}
export class AvailabilityDto {
  @ApiProperty({ type: [AvailabilityItemDto] }) results!: AvailabilityItemDto[];
}

export class PricesQueryDto {
  @ApiPropertyOptional({ description: 'このTLDだけを返す（例: com, co.jp, 日本）', example: 'com' })
  @IsOptional() @IsString() @Length(1, 100)
  tld?: string;
}
export class PriceDto {
  @ApiProperty({ example: 'com' }) tld!: string;
  @ApiProperty({ example: 'com', description: 'ASCII（Punycode）のTLD' }) tld_punycode!: string;
  @ApiProperty({ nullable: true, type: Number, example: 1408, description: '新規登録（1年目、円・税込）。キャンペーン中はキャンペーン価格' }) register!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1628, description: '更新（1年、円・税込）' }) renew!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1408, description: '移管（円・税込）' }) transfer!: number | null;
  @ApiProperty({ example: false }) is_register_campaign!: boolean;
  @ApiProperty({ example: 1, description: '最短登録年数' }) minimum_years!: number;
  @ApiProperty({ example: 1, description: '登録年数の単位（.ai は2年単位）' }) registration_unit!: number;
  @ApiProperty({ example: true, description: 'WHOIS代理公開ができる' }) can_proxy!: boolean;
}
export class PricesDto {
  @ApiProperty({ type: [PriceDto] }) prices!: PriceDto[];
}

// ---------- domains

export class DomainListQueryDto {
  @ApiPropertyOptional({ example: 1, default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100_000) page?: number;
  @ApiPropertyOptional({ enum: [20, 50, 100, 200], default: 50 }) @IsOptional() @Type(() => Number) @IsIn([20, 50, 100, 200]) per_page?: number;
  @ApiPropertyOptional({ description: 'ドメイン名に含まれる文字列', example: 'shop' }) @IsOptional() @IsString() @Length(1, 255) keyword?: string;
  @ApiPropertyOptional({ enum: ['valid', 'expired'], default: 'valid', description: 'valid 有効なドメイン / expired 期限切れのドメイン' })
  @IsOptional() @IsIn(['valid', 'expired']) status?: 'valid' | 'expired';
  @ApiPropertyOptional({ enum: ['dueDateAsc', 'dueDateDesc', 'nameAsc', 'nameDesc', 'obtainDateDesc', 'obtainDateAsc'], default: 'dueDateAsc' })
  @IsOptional() @IsIn(['dueDateAsc', 'dueDateDesc', 'nameAsc', 'nameDesc', 'obtainDateDesc', 'obtainDateAsc']) sort?: string;
}
export class DomainDto {
  @ApiProperty({ example: 1234 }) id!: number;
  @ApiProperty({ example: 'example-shop.com', description: '表示名（日本語ドメインは日本語）' }) name!: string;
  @ApiProperty({ example: 'example-shop.com', description: 'ASCII（Punycode）のドメイン名' }) punycode!: string;
  @ApiProperty({ example: 'com' }) tld!: string;
  @ApiProperty({ enum: ['active', 'pending', 'provisional'], example: 'active' }) status!: string;
  @ApiProperty({ example: '2026-11-23', description: '取得日（日本時間）' }) obtain_date!: string;
  @ApiProperty({ nullable: true, type: String, example: '2027-11-23', description: '有効期限（日本時間）' }) due_date!: string | null;
  @ApiProperty({ example: false }) is_expired!: boolean;
  @ApiProperty({ example: true }) auto_renew!: boolean;
  @ApiProperty({ example: true }) lock!: boolean;
  @ApiProperty({ example: true }) whois_proxy!: boolean;
  @ApiProperty({ type: [String], example: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'] }) name_servers!: string[];
}
export class DomainListDto {
  @ApiProperty({ type: [DomainDto] }) domains!: DomainDto[];
  @ApiProperty({ example: 1 }) page!: number;
  @ApiProperty({ example: 1 }) last_page!: number;
  @ApiProperty({ example: 50 }) per_page!: number;
  @ApiProperty({ example: 1 }) total!: number;
}

export class RegisterItemDto {
  @ApiProperty({ example: 'example-shop.com' }) @IsString() @Length(1, 300) name!: string;
  @ApiPropertyOptional({ example: 1, description: '登録年数（省略時はTLDの最短年数）' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10) years?: number;
}
export class RegisterBodyDto {
  @ApiProperty({ type: [RegisterItemDto], description: '取得するドメイン（最大20件）' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => RegisterItemDto)
  domains!: RegisterItemDto[];
  @ApiPropertyOptional({ description: '同じ値で再送すると同じ注文を返し、二重に取得・請求しません', example: '5f0c7a8e-order-0001' })
  @IsOptional() @IsString() @Length(1, 100)
  idempotency_key?: string;
}

export class RenewBodyDto {
  @ApiProperty({ example: 1, description: '更新年数' }) @Type(() => Number) @IsInt() @Min(1) @Max(10) years!: number;
  @ApiPropertyOptional({ description: '同じ値で再送すると同じ更新を返し、二重に請求しません', example: '5f0c7a8e-renew-0001' })
  @IsOptional() @IsString() @Length(1, 100)
  idempotency_key?: string;
}

export class NameServerItemDto {
  @ApiProperty({ example: 'ns1.example.net' }) @IsString() @Length(1, 255) name!: string;
  @ApiPropertyOptional({ type: [String], description: 'このドメイン配下のホスト名のときのグルーレコード（IPv4/IPv6）', example: ['192.0.2.53'] })
  @IsOptional() @IsArray() @ArrayMaxSize(13) @IsString({ each: true })
  ip?: string[];
}
export class NameServersBodyDto {
  @ApiProperty({ type: [NameServerItemDto], description: '設定するネームサーバー（2〜13件、優先順）' })
  @IsArray() @ArrayMaxSize(13) @ValidateNested({ each: true }) @Type(() => NameServerItemDto)
  nameservers!: NameServerItemDto[];
}

export class FlagBodyDto {
  @ApiProperty({ example: true }) @IsBoolean() enabled!: boolean;
}

export class DnsRecordBodyDto {
  @ApiProperty({ example: 'www', description: 'ホスト名（ゾーン名を除いた部分。@ や空欄はゾーン自身）' }) @IsOptional() @IsString() @Length(0, 255) host!: string;
  @ApiProperty({ enum: ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'DS'], example: 'A' }) @IsIn(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'DS']) type!: string;
  @ApiPropertyOptional({ example: 3600, description: 'TTL（秒、60〜86400）' }) @IsOptional() @Type(() => Number) @IsInt() ttl?: number;
  @ApiProperty({ example: '192.0.2.10', description: '値（A/AAAA のアドレス、CNAME/MX/NS のホスト名、TXT の文字列など）' }) @IsOptional() @IsString() @Length(0, 4000) value!: string;
  @ApiPropertyOptional({ example: 10, description: 'MX/SRV の優先度' }) @IsOptional() @Type(() => Number) @IsInt() priority?: number;
  @ApiPropertyOptional({ description: 'SRV の重み' }) @IsOptional() @Type(() => Number) @IsInt() weight?: number;
  @ApiPropertyOptional({ description: 'SRV のポート' }) @IsOptional() @Type(() => Number) @IsInt() port?: number;
  @ApiPropertyOptional({ description: 'SRV のサービス名（例: _sip）' }) @IsOptional() @IsString() @Length(0, 100) service?: string;
  @ApiPropertyOptional({ description: 'SRV のプロトコル（例: _tcp）' }) @IsOptional() @IsString() @Length(0, 100) protocol?: string;
  @ApiPropertyOptional({ description: 'DS のキータグ' }) @IsOptional() @Type(() => Number) @IsInt() key_tag?: number;
  @ApiPropertyOptional({ description: 'DS のアルゴリズム' }) @IsOptional() @Type(() => Number) @IsInt() alg?: number;
  @ApiPropertyOptional({ description: 'DS のダイジェストタイプ（1 SHA-1、2 SHA-256）' }) @IsOptional() @Type(() => Number) @IsInt() digest_type?: number;
  @ApiPropertyOptional({ description: 'DS のダイジェスト（16進）' }) @IsOptional() @IsString() @Length(0, 200) digest?: string;
}
export class DnsRecordsBodyDto {
  @ApiProperty({ type: [DnsRecordBodyDto], description: 'ゾーンのレコード全体（送ったものに置き換わります。固定のNSレコードは含めなくて構いません）' })
  @IsArray() @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => DnsRecordBodyDto)
  records!: DnsRecordBodyDto[];
}
export class DnsRecordDto extends DnsRecordBodyDto {
  @ApiProperty({ example: false, description: '当社ネームサーバーの固定NSレコード（変更できません）' }) fixed!: boolean;
}
export class DnsRecordsDto {
  @ApiProperty({ example: 'example-shop.com' }) domain!: string;
  @ApiProperty({ example: true, description: '当社ネームサーバー（01〜04.dnsv.jp）を使っている' }) uses_our_dns!: boolean;
  @ApiProperty({ example: true, description: '当社のDNSサーバーがこのゾーンを応答している' }) served!: boolean;
  @ApiProperty({ type: [DnsRecordDto] }) records!: DnsRecordDto[];
}

// ---------- jobs

export class JobItemDto {
  @ApiProperty({ example: 'example-shop.com' }) domain!: string;
  @ApiProperty({ enum: ['queued', 'processing', 'success', 'accepted', 'error'], example: 'success', description: 'accepted はレジストリで保留中（完了は後ほど）' })
  status!: string;
  @ApiProperty({ nullable: true, type: String, example: 'ネームサーバーを変更しました' }) message!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'AUTHCODE（authcode ジョブのみ。完了後の最初の取得で一度だけ返ります）' }) authcode?: string | null;
}
export class JobDto {
  @ApiProperty({ example: 'op_2f1c3a5e-8d7b-4c1e-9a7f-0c6d5e4b3a21' }) id!: string;
  @ApiProperty({ enum: ['register', 'renew', 'nameservers', 'lock', 'auto_renew', 'authcode', 'dnssec'], example: 'nameservers' }) type!: string;
  @ApiProperty({ enum: ['running', 'finished'], example: 'running' }) status!: 'running' | 'finished';
  @ApiProperty({ example: 1 }) total!: number;
  @ApiProperty({ example: 0 }) done!: number;
  @ApiProperty({ type: [JobItemDto] }) items!: JobItemDto[];
  @ApiProperty({ example: '/api/v1/jobs/op_2f1c3a5e-8d7b-4c1e-9a7f-0c6d5e4b3a21' }) url!: string;
}
export class JobAcceptedDto {
  @ApiProperty({ type: JobDto }) job!: JobDto;
}
export class DnsSavedDto {
  @ApiProperty({ example: true }) saved!: boolean;
  @ApiProperty({ type: DnsRecordsDto }) dns!: DnsRecordsDto;
}
