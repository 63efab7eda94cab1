import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsPositive, IsString } from 'class-validator';
import { CartAddRequest, CartRemoveRequest } from '@registrar/contracts';

export class CartChangeDto implements CartAddRequest, CartRemoveRequest {
  @IsInt() @IsPositive() userId!: number;
  @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) domainNames!: string[];
  /** CartRemove only: false answers no cart (see CartRemoveRequest) */
  @IsOptional() @IsBoolean() view?: boolean;
}
