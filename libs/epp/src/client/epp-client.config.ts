import 'reflect-metadata';
import fs from 'node:fs';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { loadConfig, Deployed } from '@registrar/infra';

/** Environment of the EPP client (validated at start). Defaults match the local registry simulator. */
export class EppClientConfig {
  @Deployed()
  @IsString()
  EPP_HOST = '127.0.0.1';

  @Deployed()
  @Type(() => Number) @IsInt() @Min(1) @Max(65535)
  EPP_PORT = 7700;

  @Deployed()
  @IsString() @MinLength(3)
  EPP_CLIENT_ID = 'rakko';

  @Deployed()
  @IsString() @MinLength(6)
  EPP_PASSWORD = 'rakko-local-pass';

  @Type(() => Number) @IsInt() @Min(1) @Max(256)
  EPP_POOL_SIZE = 4;

  @Type(() => Number) @IsInt() @Min(100) @Max(600_000)
  EPP_TIMEOUT_MS = 15_000;

  @Type(() => Number) @IsInt() @Min(100) @Max(600_000)
  EPP_CONNECT_TIMEOUT_MS = 10_000;

  @Type(() => Number) @IsInt() @Min(1_000) @Max(3_600_000)
  EPP_KEEPALIVE_MS = 60_000;

  /**
   * "1" verifies the registry's certificate (system CAs, or EPP_TLS_CA_FILE); "0" accepts any (the local simulator's
   * self-signed one). Unset: verify in production or when a CA file is given, accept otherwise.
   */
  @IsOptional() @IsIn(['0', '1'])
  EPP_TLS_REJECT_UNAUTHORIZED?: '0' | '1' = undefined;

  @IsIn(['development', 'test', 'production'])
  NODE_ENV: string = 'development';

  @IsOptional() @IsString()
  EPP_TLS_CA_FILE?: string = undefined;

  /** names per domain:check command when checkBatch splits a list */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  EPP_CHECK_BATCH = 25;
}

export interface EppClientOptions {
  host: string;
  port: number;
  clientId: string;
  password: string;
  poolSize: number;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keepAliveMs: number;
  rejectUnauthorized: boolean;
  ca?: string;
  checkBatch: number;
  /** clTRID prefix */
  trIdPrefix?: string;
  onFrame?: (direction: 'out' | 'in', xml: string) => void;
}

export function eppClientOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EppClientOptions {
  const c = loadConfig(EppClientConfig, env);
  return {
    host: c.EPP_HOST,
    port: c.EPP_PORT,
    clientId: c.EPP_CLIENT_ID,
    password: c.EPP_PASSWORD,
    poolSize: c.EPP_POOL_SIZE,
    commandTimeoutMs: c.EPP_TIMEOUT_MS,
    connectTimeoutMs: c.EPP_CONNECT_TIMEOUT_MS,
    keepAliveMs: c.EPP_KEEPALIVE_MS,
    rejectUnauthorized: c.EPP_TLS_REJECT_UNAUTHORIZED ? c.EPP_TLS_REJECT_UNAUTHORIZED === '1' : c.NODE_ENV === 'production' || !!c.EPP_TLS_CA_FILE,
    ca: c.EPP_TLS_CA_FILE ? fs.readFileSync(c.EPP_TLS_CA_FILE, 'utf8') : undefined,
    checkBatch: c.EPP_CHECK_BATCH,
  };
}
