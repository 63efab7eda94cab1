import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { CHECK_BATCH_SIZE } from '@registrar/rules';

const emptyToNull = ({ value }: { value: unknown }) => (value === '' || value === null || value === undefined ? null : Number(value));

/** POST search/domain/dispatch. The lines are checked by the shared search rules in the availability service. */
export class DispatchDto {
  @IsArray()
  @ArrayMaxSize(5000)
  @IsString({ each: true })
  @MaxLength(1000, { each: true })
  keywords!: string[];

  @IsOptional()
  @Transform(emptyToNull)
  @IsInt()
  @Min(1)
  categoryId?: number | null;

  @IsOptional()
  @Type(() => Number)
  @IsIn([1, 2])
  type?: number;
}

/** POST search/domain: one label and up to 25 TLDs, or up to 25 full names (bulk). */
export class CheckDto {
  @IsOptional()
  @IsString()
  @MaxLength(253)
  domainName?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHECK_BATCH_SIZE)
  @IsString({ each: true })
  @MaxLength(63 * 3, { each: true })
  tlds?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHECK_BATCH_SIZE)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  domainNames?: string[];
}

/** POST search/domain/check/claim: the cart's names. */
export class ClaimCheckDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  domainNames!: string[];
}

/** The search form of the top page (002 §3): `domain` (keyword tab) or `domain_list` (bulk tab); `_token` is checked by the CSRF middleware. */
export class SearchFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  domain?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200_000)
  domain_list?: string;
}
