import { IsOptional, IsString, MaxLength } from 'class-validator';

export class SmsSendDto {
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
}

export class SmsVerifyDto {
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @IsString() @MaxLength(20) code?: string;
}
