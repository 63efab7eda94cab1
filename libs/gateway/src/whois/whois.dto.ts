import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, ValidateNested } from 'class-validator';

export class ContactDeleteBody {
  /** checked by the service (an unknown or another member's id: 'WHOIS情報が見つかりません') */
  @Allow() @Type(() => Number) contactId!: number;
}
export class WhoisContactsChoice {
  @Allow() @Type(() => Number) whoisRegType?: number | null;
  @Allow() @Type(() => Number) whoisAdmType?: number | null;
  @Allow() @Type(() => Number) whoisTecType?: number | null;
  @Allow() @Type(() => Number) whoisBilType?: number | null;
}
/** POST mypage/domain/whois/select/dispatch (the limit of 1000 and its message are the service's) */
export class WhoisDispatchBody {
  @IsArray() @ArrayMaxSize(5000) domains!: unknown[];
  @IsIn([true, false, 0, 1, '0', '1']) useOriginalWhois!: boolean | 0 | 1;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => WhoisContactsChoice) contacts?: WhoisContactsChoice;
}
export class WhoisCancelBody {
  @IsString() @Length(1, 300) domain!: string;
}
export class WhoisOrgUpdateBody {
  @IsString() @Length(1, 300) domainName!: string;
  @IsObject() contact!: Record<string, Record<string, unknown> | undefined>;
  @IsOptional() @IsBoolean() isDifferentTec?: boolean;
  @IsOptional() @IsBoolean() isDifferentAdm?: boolean;
  @IsOptional() @IsBoolean() isDifferentBil?: boolean;
}

/** POST mypage/domain/default: every field of 001 "Default setting" (rules and messages are the service's). */
export class DefaultSettingBody {
  @Allow() domain_create_is_domain_lock_enabled_flg!: unknown;
  @Allow() domain_create_is_auto_update_enabled_flg!: unknown;
  @Allow() domain_create_is_whois_proxy_enabled_flg!: unknown;
  @Allow() domain_create_reg_record_id!: unknown;
  @Allow() domain_create_adm_contact_id!: unknown;
  @Allow() domain_create_tec_contact_id!: unknown;
  @Allow() domain_create_bil_contact_id!: unknown;
  @Allow() domain_create_name_servers!: string[] | string;
  @Allow() whois_proxy_disabled_reg_record_id!: unknown;
  @Allow() whois_proxy_disabled_adm_contact_id!: unknown;
  @Allow() whois_proxy_disabled_tec_contact_id!: unknown;
  @Allow() whois_proxy_disabled_bil_contact_id!: unknown;
}
/** POST mypage/user/api */
export class ApiSettingsBody {
  @Allow() isApiEnabled!: unknown;
  @Allow() isIpRestriction!: unknown;
  @IsOptional() apiAllowedIps!: string[] | string;
}
