import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

export class GatewayConfig extends BaseConfig {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 8080;

  /** Directory of the built web app (vite build output). */
  @IsString()
  WEB_DIST = 'dist/apps/web';

  /** Directory of the web app's server entry (vite build --ssr), which renders the public pages. */
  @IsString()
  WEB_SSR_DIST = 'dist/apps/web-ssr';

  /** Public base URL, used in mail links. */
  @IsOptional()
  @IsString()
  APP_URL = '';
}
