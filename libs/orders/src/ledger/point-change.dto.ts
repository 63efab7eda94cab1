import { IsIn, IsInt, IsOptional, IsPositive, IsString, Length, Max, Min } from 'class-validator';
import { PointChangeRequest, PointHistoryRequest } from '@registrar/contracts';

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
