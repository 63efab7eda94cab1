import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ChangeEmailDto {
  @IsOptional() @IsString() @MaxLength(254) email?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}

export class ChangePasswordDto {
  @IsOptional() @IsString() @MaxLength(200) current_password?: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
  @IsOptional() @IsString() @MaxLength(200) password_confirmation?: string;
}

export class CodeDto {
  @IsOptional() @IsString() @MaxLength(64) code?: string;
}

export class PasswordDto {
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}
