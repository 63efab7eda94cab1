import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST address/update (000 spec §7). Values are checked by validateUserInfo from @registrar/rules. */
export class AddressUpdateDto {
  @IsOptional() @IsString() @MaxLength(100) last_name?: string;
  @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @IsOptional() @IsString() @MaxLength(200) company_name?: string;
  @IsOptional() @IsIn([1, 2, '1', '2']) type?: number | string;
  @IsOptional() @IsIn([0, 1, '0', '1']) address_type?: number | string;
  @IsOptional() @IsString() @MaxLength(20) post_code?: string;
  @IsOptional() @IsString() @MaxLength(100) prefecture?: string;
  @IsOptional() @IsString() @MaxLength(2) country_code?: string;
  @IsOptional() @IsString() @MaxLength(200) address1?: string;
  @IsOptional() @IsString() @MaxLength(200) address2?: string;
  @IsOptional() @IsString() @MaxLength(200) address3?: string;
  @IsOptional() @IsString() @MaxLength(40) phone?: string;
}
