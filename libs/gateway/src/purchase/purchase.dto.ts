import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested,
} from 'class-validator';

export class CreateDomainItemBody {
  @IsString() @Length(1, 300) name!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(10) period!: number;
  @Type(() => Number) @IsInt() @Min(0) point!: number;
}
export class PaymentBody {
  @IsIn(['point', 'card', 'wallet', 'bank_transfer']) type!: 'point' | 'card' | 'wallet' | 'bank_transfer';
  @IsOptional() @IsString() @Length(1, 200) sessionId?: string | null;
}
/** POST mypage/domain/create (the size limit is checked by the service, with the spec-like message). */
export class CreateDomainsBody {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => CreateDomainItemBody) domains!: CreateDomainItemBody[];
  @Type(() => Number) @IsInt() @Min(0) totalFee!: number;
  @Type(() => Number) @IsInt() @Min(0) point!: number;
  @IsObject() @ValidateNested() @Type(() => PaymentBody) payment!: PaymentBody;
  @IsString() @Length(1, 100) idempotencyKey!: string;
}
export class PrereqBody {
  @IsString() @Length(1, 300) domainName!: string;
  @IsObject() contact!: Record<string, Record<string, unknown> | undefined>;
  @IsBoolean() preRegister!: boolean;
  @IsBoolean() isDifferentTec!: boolean;
  @IsBoolean() isDifferentAdm!: boolean;
  @IsBoolean() isDifferentBil!: boolean;
}
/** The WHOIS contact form: the field rules (and their messages) are the service's, from libs/rules. */
export class WhoisContactBody {
  @IsOptional() @IsString() email!: string;
  @IsOptional() @IsString() first_name!: string;
  @IsOptional() @IsString() last_name!: string;
  @IsOptional() @Type(() => Number) @IsInt() role!: 1 | 2;
  @IsOptional() @IsString() organization?: string;
  @IsOptional() @IsString() cc!: string;
  @IsOptional() @IsString() pc!: string;
  @IsOptional() @IsString() sp!: string;
  @IsOptional() @IsString() city!: string;
  @IsOptional() @IsString() street1!: string;
  @IsOptional() @IsString() street2?: string;
  @IsOptional() @IsString() phone_country_code!: string;
  @IsOptional() @IsString() phone!: string;
  @IsOptional() @IsString() fax_country_code?: string | null;
  @IsOptional() @IsString() fax?: string;
  @IsOptional() @Type(() => Number) @IsIn([0, 1]) update_ng_contacts?: 0 | 1;
}
