import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** The shapes are checked here; the rules (price range, end date, bank account) by the market service with libs/rules. */
export class CreateListingBody {
  @Type(() => Number) @IsInt() domainId!: number;
  @Type(() => Number) @IsInt() price!: number;
  @IsOptional() @Type(() => Number) @IsInt() minOffer?: number | null;
  @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @IsString() @MaxLength(40) endsAt!: string;
}

export class BuyBody {
  @IsString() @MaxLength(100) key!: string;
  /** points (default), card (stripeCardId) or wallet; amount: the charge the page showed (refused when it changed) */
  @IsOptional() @IsIn(['points', 'card', 'wallet']) method?: 'points' | 'card' | 'wallet';
  @IsOptional() @IsString() @MaxLength(200) stripeCardId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) pointsToUse?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) amount?: number;
}

/** Paying an accepted offer that awaits the buyer: the same choice as a purchase, without the request key (one per trade). */
export class PayTradeBody {
  @IsOptional() @IsIn(['points', 'card', 'wallet']) method?: 'points' | 'card' | 'wallet';
  @IsOptional() @IsString() @MaxLength(200) stripeCardId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) pointsToUse?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) amount?: number;
}

export class DisputeBody {
  @IsString() @MaxLength(5000) reason!: string;
}

export class DisputeMessageBody {
  @IsString() @MaxLength(5000) body!: string;
}

export class ResolveDisputeBody {
  @IsIn(['release', 'refund']) outcome!: 'release' | 'refund';
  @IsString() @MaxLength(2000) note!: string;
}

export class OfferBody {
  @Type(() => Number) @IsInt() amount!: number;
  @IsOptional() @IsString() @MaxLength(1000) message?: string;
}

export class AnswerOfferBody {
  @IsBoolean() accept!: boolean;
}

export class PayoutBody {
  @Type(() => Number) @IsInt() amount!: number;
  @IsString() @MaxLength(100) key!: string;
  @IsString() @MaxLength(100) bankName!: string;
  @IsString() @MaxLength(100) branchName!: string;
  @IsString() @MaxLength(10) accountType!: string;
  @IsString() @MaxLength(20) accountNumber!: string;
  @IsString() @MaxLength(100) accountHolder!: string;
}

export class CancelTradeBody {
  @IsString() @MaxLength(500) reason!: string;
}

export class HideListingBody {
  @IsBoolean() hidden!: boolean;
  @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class PayoutActionBody {
  @IsIn(['paid', 'rejected']) action!: 'paid' | 'rejected';
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}
