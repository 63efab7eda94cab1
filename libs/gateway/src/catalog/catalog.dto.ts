import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Keeps a digits-only string as a number; anything else reaches the validators unchanged and is refused. */
const digitsToNumber = ({ value }: { value: unknown }) => (value === '' || value === undefined || value === null ? undefined : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** ?categoryId for the price and deadline lists: absent, empty or 0 = all categories; an unknown id gives an empty list. */
export class CategoryQueryDto {
  @IsOptional()
  @Transform(digitsToNumber)
  @IsInt({ message: 'categoryIdは0以上の整数で指定してください' })
  @Min(0, { message: 'categoryIdは0以上の整数で指定してください' })
  @Max(2_147_483_647, { message: 'categoryIdが大きすぎます' })
  categoryId?: number;
}
