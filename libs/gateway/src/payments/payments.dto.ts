import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';

export class SessionDomainBody {
  @IsString() @Length(1, 253) name!: string;
  @Type(() => Number) @IsInt() @Min(0) @Max(10_000_000) point!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10) period?: number;
}

/** POST mypage/point/domain/create/session (000 spec: domains (each with point), amount, stripeCardId). */
export class CreateSessionBody {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => SessionDomainBody) domains!: SessionDomainBody[];
  @Type(() => Number) @IsInt() @Min(0) amount!: number;
  /** the points the member chose to use at checkout (default: as many as cover the total) */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100_000_000) pointsToUse?: number;
  @IsString() @Length(0, 200) stripeCardId!: string;
  /** renewal variant fields, reserved */
  @IsOptional() @IsArray() resultRenewDomains?: unknown[];
  @IsOptional() @IsBoolean() withAutoUpdate?: boolean;
  @IsOptional() @Type(() => Number) @IsInt() allUpdateDuration?: number;
  @IsOptional() @IsString() @Length(1, 2000) redirect_url?: string;
}

export class PageQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
}

export class BankTransferBody {
  @Type(() => Number) @IsInt() amount!: number;
}

export class BankTransferStatusQuery {
  @IsOptional() @IsIn(['pending', 'confirmed', 'cancelled']) status?: 'pending' | 'confirmed' | 'cancelled';
}

/** POST mypage/point/domain/create/wallet: the wallet buys the shortfall. */
export class CreateWalletSessionBody {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => SessionDomainBody) domains!: SessionDomainBody[];
  @Type(() => Number) @IsInt() @Min(0) amount!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100_000_000) pointsToUse?: number;
  @IsOptional() @IsString() @Length(1, 2000) redirect_url?: string;
}

/** POST mypage/point/domain/renew/wallet: the renewal modal's wallet tab (the renewal fields are kept on the session). */
export class RenewWalletSessionBody extends CreateWalletSessionBody {
  @IsOptional() @IsArray() @ArrayMaxSize(1000) resultRenewDomains?: unknown[];
  @IsOptional() @IsBoolean() withAutoUpdate?: boolean;
  @IsOptional() @Type(() => Number) @IsInt() allUpdateDuration?: number;
}

/** POST mypage/point/wallet/capture: back from the wallet's approval page with its order id (token). */
export class CaptureWalletBody {
  @IsString() @Length(1, 64) session_id!: string;
  @IsString() @Length(1, 64) order_id!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirect_url?: string;
}

/** POST mypage/point/domain/renew/session (000 spec: domains, amount, stripeCardId, resultRenewDomains, withAutoUpdate). */
export class RenewSessionBody extends CreateSessionBody {}

/** POST mypage/point/domain/transfer/session (000 spec: stripeCardId, amount): the card buys exactly the amount. */
export class TransferSessionBody {
  @Type(() => Number) @IsInt() @Min(50) @Max(10_000_000) amount!: number;
  @IsString() @Length(0, 200) stripeCardId!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirect_url?: string;
}
