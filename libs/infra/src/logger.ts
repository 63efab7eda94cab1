import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** Paths redacted from every log line: secrets never reach the logs. */
export const REDACT_PATHS = [
  'password', '*.password', '*.*.password', 'newPassword', '*.newPassword', 'currentPassword', '*.currentPassword',
  'authInfo', '*.authInfo', '*.*.authInfo', 'pw', '*.pw', 'authcode', '*.authcode', '*.*.authcode',
  'apiKey', '*.apiKey', 'api_key', '*.api_key', 'token', '*.token', 'secret', '*.secret', 'totpSecret', '*.totpSecret',
  'card', '*.card', 'cardNumber', '*.cardNumber', 'cvc', '*.cvc',
  'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'headers.cookie', 'headers.authorization',
  'req.headers["x-api-key"]', 'headers["x-api-key"]',
];

const version = process.env.APP_VERSION ?? '0.1.0';

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const pretty = process.env.LOG_PRETTY === '1' || (process.stdout.isTTY && process.env.NODE_ENV !== 'production');
  return pino({
    level,
    base: { service, version },
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname,version', translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
  });
}

/** Adapts pino to Nest's LoggerService so framework messages share the same stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) { this.logger.info({ context }, String(message)); }
  error(message: unknown, trace?: string, context?: string) { this.logger.error({ context, trace }, String(message)); }
  warn(message: unknown, context?: string) { this.logger.warn({ context }, String(message)); }
  debug(message: unknown, context?: string) { this.logger.debug({ context }, String(message)); }
  verbose(message: unknown, context?: string) { this.logger.trace({ context }, String(message)); }
}
