import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, validateSync } from 'class-validator';

/**
 * Environment shared by every process. Validated once at boot: a missing or malformed
 * variable stops the process with a clear message instead of failing at the first request.
 */
export class BaseConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsString()
  DATABASE_URL = 'postgres://registrar:registrar@127.0.0.1:5432/registrar';

  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  @IsOptional()
  @IsIn(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Milliseconds allowed for one request/response call between services. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  RPC_TIMEOUT_MS = 10_000;
}

export class ConfigError extends Error {}

export function loadConfig<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new cls() as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) raw[key] = env[key] ?? defaults[key];
  const config = plainToInstance(cls, raw, { enableImplicitConversion: true });
  const errors = validateSync(config as object, { whitelist: false });
  if (errors.length) {
    const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
