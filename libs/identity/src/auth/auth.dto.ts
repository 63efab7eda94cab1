import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Fields are checked by the shared rules in the services; the DTOs only whitelist and type them. */
export class LoginDto {
  @IsOptional() @IsString() @MaxLength(254) email?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
  /** the second factor, sent with the password once the account's own count is over its limit (issue 23) */
  @IsOptional() @IsString() @MaxLength(64) code?: string;
}

export class TwoFactorLoginDto {
  @IsOptional() @IsString() @MaxLength(64) code?: string;
}

export class RegisterDto {
  @IsOptional() @IsString() @MaxLength(254) email?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
  @IsOptional() @IsString() @MaxLength(200) password_confirmation?: string;
  /** 利用規約とプライバシーポリシーに同意する (issue 25): must be true; refused otherwise. */
  @IsOptional() agree_terms?: unknown;
}

export class TokenDto {
  @IsOptional() @IsString() @MaxLength(200) token?: string;
}

/** The sign-up link's token and the password chosen at that sign-up (issue 23, finding 1). */
export class ConfirmSignUpDto {
  @IsOptional() @IsString() @MaxLength(200) token?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}

export class PasswordResetRequestDto {
  @IsOptional() @IsString() @MaxLength(254) email?: string;
}

export class PasswordResetConfirmDto {
  @IsOptional() @IsString() @MaxLength(200) token?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
  @IsOptional() @IsString() @MaxLength(200) password_confirmation?: string;
}
