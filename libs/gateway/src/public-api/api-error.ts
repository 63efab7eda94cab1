import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { API_MESSAGES } from '@registrar/messages';

/** The error codes of the public API v1: stable strings that clients branch on (docs/public-api.md). */
export enum ApiErrorCode {
  MissingApiKey = 'MISSING_API_KEY',
  InvalidApiKey = 'INVALID_API_KEY',
  ApiDisabled = 'API_DISABLED',
  IpNotAllowed = 'IP_NOT_ALLOWED',
  RateLimited = 'RATE_LIMITED',
  ValidationFailed = 'VALIDATION_FAILED',
  /** the service refused the request (a rule of the web app's same call): `message` and `details` say why */
  Rejected = 'REJECTED',
  NotFound = 'NOT_FOUND',
  PurchaseNotAllowed = 'PURCHASE_NOT_ALLOWED',
  Conflict = 'CONFLICT',
  UpstreamTimeout = 'UPSTREAM_TIMEOUT',
  Internal = 'INTERNAL_ERROR',
}

/** HTTP status of every code (exhaustive: a new code does not compile until it is mapped). */
export function apiErrorStatus(code: ApiErrorCode): number {
  switch (code) {
    case ApiErrorCode.MissingApiKey: return HttpStatus.UNAUTHORIZED;
    case ApiErrorCode.InvalidApiKey: return HttpStatus.UNAUTHORIZED;
    case ApiErrorCode.ApiDisabled: return HttpStatus.FORBIDDEN;
    case ApiErrorCode.IpNotAllowed: return HttpStatus.FORBIDDEN;
    case ApiErrorCode.RateLimited: return HttpStatus.TOO_MANY_REQUESTS;
    case ApiErrorCode.ValidationFailed: return HttpStatus.BAD_REQUEST;
    case ApiErrorCode.Rejected: return HttpStatus.UNPROCESSABLE_ENTITY;
    case ApiErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case ApiErrorCode.PurchaseNotAllowed: return HttpStatus.FORBIDDEN;
    case ApiErrorCode.Conflict: return HttpStatus.CONFLICT;
    case ApiErrorCode.UpstreamTimeout: return HttpStatus.GATEWAY_TIMEOUT;
    case ApiErrorCode.Internal: return HttpStatus.INTERNAL_SERVER_ERROR;
    default: {
      const never: never = code;
      throw new Error(`unmapped API error ${never}`);
    }
  }
}

/** What each code means, for the documentation (OpenAPI `x-enum-descriptions` of ApiErrorCode). */
export const API_ERROR_DESCRIPTIONS: Record<ApiErrorCode, string> = {
  [ApiErrorCode.MissingApiKey]: 'X-API-Key ヘッダーがありません',
  [ApiErrorCode.InvalidApiKey]: 'APIキーが正しくありません（再発行した場合は古いキーは使えません）',
  [ApiErrorCode.ApiDisabled]: 'API設定でAPI利用がOFFになっています',
  [ApiErrorCode.IpNotAllowed]: '許可IPに含まれないアドレスからの呼び出しです',
  [ApiErrorCode.RateLimited]: '呼び出し回数の上限を超えました（Retry-After 秒後に再度お試しください）',
  [ApiErrorCode.ValidationFailed]: 'パラメーターの形式が正しくありません（details に項目ごとの理由）',
  [ApiErrorCode.Rejected]: '受け付けられない内容です（ポイント不足、入力規則、期間外など。理由は message と details）',
  [ApiErrorCode.NotFound]: 'ドメイン・ジョブ・APIが見つかりません（他の会員のものも含みます）',
  [ApiErrorCode.PurchaseNotAllowed]: '取得・更新の前にユーザー情報の登録と本人確認が必要です',
  [ApiErrorCode.Conflict]: '他の処理と競合しました',
  [ApiErrorCode.UpstreamTimeout]: '処理が時間内に終わりませんでした（しばらくしてから再度お試しください）',
  [ApiErrorCode.Internal]: 'サーバーでエラーが発生しました',
};

/** The body of every error answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; details?: unknown };
}

export class ApiException extends HttpException {
  constructor(readonly code: ApiErrorCode, message: string, details?: unknown, readonly headers: Record<string, string> = {}) {
    super({ error: { code, message, ...(details === undefined ? {} : { details }) } } satisfies ApiErrorBody, apiErrorStatus(code));
  }
}

/** A thrown HttpException of a shared client (domain-ops, dns, orders, validation) in the API's terms. */
export function toApiError(e: unknown): ApiException {
  if (e instanceof ApiException) return e;
  if (e instanceof HttpException) {
    const status = e.getStatus();
    const body = e.getResponse() as { message?: unknown; errors?: unknown; error_msg?: unknown } | string;
    const messages = typeof body === 'string' ? [body] : listOf(body.errors ?? body.error_msg ?? body.message);
    if (status === HttpStatus.BAD_REQUEST) return new ApiException(ApiErrorCode.ValidationFailed, API_MESSAGES.apiValidation, messages);
    if (status === HttpStatus.NOT_FOUND) return new ApiException(ApiErrorCode.NotFound, messages[0] ?? API_MESSAGES.apiNotFound);
    if (status === HttpStatus.UNPROCESSABLE_ENTITY) return new ApiException(ApiErrorCode.Rejected, messages[0] ?? API_MESSAGES.apiValidation, messages);
    if (status === HttpStatus.CONFLICT) return new ApiException(ApiErrorCode.Conflict, messages[0] ?? API_MESSAGES.apiInternal, messages);
    if (status === HttpStatus.TOO_MANY_REQUESTS) return new ApiException(ApiErrorCode.RateLimited, API_MESSAGES.apiRateLimited);
    if (status === HttpStatus.GATEWAY_TIMEOUT || status === HttpStatus.SERVICE_UNAVAILABLE) return new ApiException(ApiErrorCode.UpstreamTimeout, API_MESSAGES.apiInternal);
    if (status < 500) return new ApiException(ApiErrorCode.Rejected, messages[0] ?? API_MESSAGES.apiValidation, messages);
  }
  return new ApiException(ApiErrorCode.Internal, API_MESSAGES.apiInternal);
}

function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  return typeof v === 'string' && v ? [v] : [];
}

/** Every error of the API controllers as `{ error: { code, message, details? } }`. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('public-api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const e = toApiError(exception);
    if (e.code === ApiErrorCode.Internal) this.logger.error(`public API: ${(exception as Error)?.message ?? String(exception)}`);
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
    res.setHeader('Cache-Control', 'no-store');
    res.status(e.getStatus()).json(e.getResponse());
  }
}
