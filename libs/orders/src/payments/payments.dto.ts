import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsPositive, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import {
  BankTransferConfirmRequest,
  BankTransferCreateRequest,
  BankTransferStatus,
  CardRegistrationCompleteRequest,
  CardRegistrationStartRequest,
  CreatePaymentSessionRequest,
  PaymentPurpose,
  PaymentSessionAuthRequest,
  PaymentSessionByKeyRequest,
  PaymentSessionDomain,
  StripeWebhookRequest,
} from '@registrar/contracts';

export class CardRegistrationStartDto implements CardRegistrationStartRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsOptional() @IsString() email?: string | null;
  @IsString() @Length(1, 2000) redirectUrl!: string;
  @IsString() @Length(1, 500) appUrl!: string;
}

export class CardRegistrationCompleteDto implements CardRegistrationCompleteRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 200) checkoutSessionId!: string;
}

/** CardRemove, CardSetDefault: one of the member's saved cards (its PaymentMethod id). */
export class CardIdDto {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 200) cardId!: string;
}

export class StatementDto {
  @IsInt() @IsPositive() userId!: number;
  @IsOptional() @IsInt() @Min(1) @Max(100_000) page?: number;
}

export class ReceiptDto {
  @IsInt() @IsPositive() userId!: number;
  @IsIn(['payment', 'bank']) kind!: 'payment' | 'bank';
  @IsString() @Length(1, 64) id!: string;
}

export class PaymentSessionDomainDto implements PaymentSessionDomain {
  @IsString() @Length(1, 253) name!: string;
  @IsInt() @Min(0) @Max(10_000_000) point!: number;
  @IsOptional() @IsInt() @Min(1) @Max(10) period?: number;
}

export class CreatePaymentSessionDto implements CreatePaymentSessionRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsOptional() @IsIn(['create', 'renew', 'transfer', 'market']) purpose?: PaymentPurpose;
  @IsOptional() @IsString() @Length(1, 100) idempotencyKey?: string;
  /** empty only for the transfer-in variant, which sends just the amount */
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => PaymentSessionDomainDto) domains!: PaymentSessionDomainDto[];
  @IsInt() @Min(0) amount!: number;
  /** the points the member chose to use (null or absent: as many as cover the total) */
  @IsOptional() @IsInt() @Min(0) pointsToUse?: number | null;
  @IsString() stripeCardId!: string;
  @IsOptional() @IsArray() resultRenewDomains?: unknown[];
  @IsOptional() @IsBoolean() withAutoUpdate?: boolean;
  @IsOptional() @IsInt() allUpdateDuration?: number | null;
  @IsString() @Length(1, 500) appUrl!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirectUrl?: string;
}

export class CreateWalletSessionDto {
  @IsInt() @IsPositive() userId!: number;
  @IsOptional() @IsIn(['create', 'renew', 'transfer', 'market']) purpose?: PaymentPurpose;
  @IsOptional() @IsString() @Length(1, 100) idempotencyKey?: string;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => PaymentSessionDomainDto) domains!: PaymentSessionDomainDto[];
  @IsInt() @Min(0) amount!: number;
  @IsOptional() @IsInt() @Min(0) pointsToUse?: number | null;
  @IsOptional() @IsArray() resultRenewDomains?: unknown[];
  @IsOptional() @IsBoolean() withAutoUpdate?: boolean;
  @IsOptional() @IsInt() allUpdateDuration?: number | null;
  @IsString() @Length(1, 500) appUrl!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirectUrl?: string;
}

export class CaptureWalletDto {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 64) sessionId!: string;
  @IsString() @Length(1, 64) orderId!: string;
  @IsString() @Length(1, 500) appUrl!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirectUrl?: string;
}

export class PaymentSessionAuthDto implements PaymentSessionAuthRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 64) sessionId!: string;
  @IsOptional() @IsString() @Length(1, 2000) redirectUrl?: string;
  @IsString() @Length(1, 500) appUrl!: string;
}

export class PaymentSessionByKeyDto implements PaymentSessionByKeyRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 100) key!: string;
  @IsOptional() @IsBoolean() settle?: boolean;
}

export class PaymentSessionGetDto {
  @IsInt() @IsPositive() userId!: number;
  @IsString() @Length(1, 64) sessionId!: string;
}

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString() @Length(1, 1_000_000) payload!: string;
  @IsString() @Length(0, 2000) signature!: string;
}

export class BankTransferCreateDto implements BankTransferCreateRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsInt() amount!: number;
}

export class BankTransferAdminListDto {
  @IsOptional() @IsIn(['pending', 'confirmed', 'cancelled']) status?: BankTransferStatus;
}

export class BankTransferConfirmDto implements BankTransferConfirmRequest {
  @IsInt() @IsPositive() id!: number;
  @IsInt() @IsPositive() adminId!: number;
}

export class OffSessionChargeDto {
  @IsInt() @IsPositive() userId!: number;
  @IsInt() @Min(50) @Max(10_000_000) amount!: number;
  @IsString() @Length(1, 200) idempotencyKey!: string;
  @IsOptional() @IsIn(['create', 'renew', 'transfer']) purpose?: 'create' | 'renew' | 'transfer';
  @IsOptional() @IsString() @Length(0, 253) reference?: string | null;
}
