import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, validateSync } from 'class-validator';

const DEPLOYED = new Map<object, Set<string>>();

/**
 * Marks a variable every deployment sets itself: its default only fits the local runtime (a localhost address, a
 * development secret). With NODE_ENV=production a process refuses to start while one is missing from its environment,
 * and the deployment test (tests/integration/deploy) checks that docker-compose.yml and k8s/ give each service every
 * variable so marked in the config classes it loads.
 */
export function Deployed(): PropertyDecorator {
  return (target, key) => {
    const ctor = target.constructor;
    if (!DEPLOYED.has(ctor)) DEPLOYED.set(ctor, new Set());
    DEPLOYED.get(ctor)!.add(String(key));
  };
}

/** The @Deployed() variables of a config class, its base classes' included. */
export function deployedVariables(cls: object): string[] {
  const out = new Set<string>();
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    for (const k of DEPLOYED.get(c) ?? []) out.add(k);
  }
  return [...out].sort();
}

/**
 * Environment shared by every process. Validated once at boot: a missing or malformed
 * variable stops the process with a clear message instead of failing at the first request.
 */
export class BaseConfig {
  @Deployed()
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Deployed()
  @IsString()
  DATABASE_URL = 'postgres://registrar:registrar@127.0.0.1:5432/registrar';

  @Deployed()
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
  const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join(', ')}`);
  // a production process never runs on a local-runtime default of a variable a deployment must set
  if ((env.NODE_ENV ?? raw.NODE_ENV) === 'production') {
    for (const k of deployedVariables(cls)) if (env[k] === undefined || env[k] === '') lines.push(`  ${k}: must be set in production (its default is the local runtime's)`);
  }
  if (lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return config;
}
