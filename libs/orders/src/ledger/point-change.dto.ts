import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsPositive, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { OpenSpendsRequest, PointChangeRequest, PointSpendManyRequest, PointHistoryRequest, PointVoidRequest } from '@registrar/contracts';

export class UserIdDto {
  @IsInt()
  @IsPositive()
  userId!: number;
}

export class PointChangeDto implements PointChangeRequest {
  @IsInt()
  @IsPositive()
  userId!: number;

  @IsInt()
  @IsPositive()
  @Max(100_000_000)
  amount!: number;

  @IsString()
  @Length(1, 200)
  idempotencyKey!: string;

  @IsOptional()
  @IsString()
  @Length(0, 500)
  reference?: string | null;

  @IsOptional()
  @IsIn(['grant', 'adjust'])
  kind?: 'grant' | 'adjust';

  @IsOptional()
  @IsInt()
  @Min(0)
  deadline?: number;
}

export class PointVoidDto implements PointVoidRequest {
  @IsInt()
  @IsPositive()
  userId!: number;

  @IsInt()
  @IsPositive()
  @Max(100_000_000)
  amount!: number;

  @IsString()
  @Length(1, 200)
  spendKey!: string;

  @IsString()
  @Length(1, 200)
  refundKey!: string;

  @IsOptional()
  @IsString()
  @Length(0, 500)
  reference?: string | null;
}

export class OpenSpendsDto implements OpenSpendsRequest {
  @IsString()
  @Length(1, 50)
  keyPrefix!: string;

  @IsInt()
  @Min(0)
  olderThanS!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  withinDays?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class PointHistoryDto implements PointHistoryRequest {
  @IsInt()
  @IsPositive()
  userId!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  perPage?: number;
}

export class IdempotencyKeyDto {
  @IsString()
  @Length(1, 200)
  idempotencyKey!: string;
}

export class SpendItemDto {
  @IsInt()
  @IsPositive()
  @Max(100_000_000)
  amount!: number;

  @IsString()
  @Length(1, 200)
  idempotencyKey!: string;

  @IsOptional()
  @IsString()
  @Length(0, 500)
  reference?: string | null;
}

export class PointSpendManyDto implements PointSpendManyRequest {
  @IsInt()
  @IsPositive()
  userId!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  deadline?: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => SpendItemDto)
  spends!: SpendItemDto[];
}
