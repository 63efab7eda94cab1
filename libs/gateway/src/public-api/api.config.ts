import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseConfig, loadConfig } from '@registrar/infra';

/** Settings of the public API v1 (validated at boot). */
export class ApiConfig extends BaseConfig {
  /** calls per API key per window (every call counts, job polls included) */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000)
  API_RATE_LIMIT = 120;

  /** the window of API_RATE_LIMIT, in seconds */
  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  API_RATE_WINDOW_S = 60;

  /** calls with a missing, unknown, disabled or refused key per client address per window, before 429 */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000)
  API_AUTH_FAILURE_LIMIT = 30;
}

export const apiConfig = () => loadConfig(ApiConfig);
