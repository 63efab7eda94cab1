import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiKeyVerifyResult, WhoisPatterns } from '@registrar/contracts';
import { API_MESSAGES } from '@registrar/messages';
import { canPurchase, UsersRepository, type UserEntity } from '@registrar/identity';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { ApiErrorCode, ApiException } from './api-error';
import { ApiRateLimiter } from './api-rate-limiter';

/** The header that carries the key. */
export const API_KEY_HEADER = 'x-api-key';

/** What the guard leaves on the request for the handlers. */
export interface ApiCaller {
  userId: number;
  /** the member may buy and renew (profile registered and verified: the web app's purchaser rule) */
  canPurchase: boolean;
}
export type ApiRequest = Request & { apiCaller?: ApiCaller; apiRefusal?: unknown };

/**
 * Authenticates every public API call: the key from `X-API-Key` is checked by the domain-ops service
 * (WhoisPatterns.ApiVerifyKey: the member's current key, API use on, the IP allow-list against the client address),
 * the account must be active, then the call is counted against the key's rate limit. Failures are counted per client
 * address; too many answer 429 before the key is looked at.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly domainOps: DomainOpsClient, private readonly users: UsersRepository, private readonly limiter: ApiRateLimiter) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<ApiRequest>();
    // authenticated already before its body was read (a zone import: jsonAfterAuth); a refusal then is answered here
    if (req.apiCaller) return true;
    if (req.apiRefusal) throw req.apiRefusal;
    await this.authenticate(req, ctx.switchToHttp().getResponse<Response>());
    return true;
  }

  /** Checks the call's key (counted against the key's rate limit once); sets `req.apiCaller`, or throws the refusal. */
  async authenticate(req: ApiRequest, res: Response): Promise<ApiCaller> {
    const ip = req.ip ?? req.socket.remoteAddress ?? '';
    await this.limiter.refuseIfBlocked(ip);
    const raw = req.headers[API_KEY_HEADER];
    const key = typeof raw === 'string' ? raw.trim() : '';
    if (!key) {
      await this.limiter.failed(ip);
      throw new ApiException(ApiErrorCode.MissingApiKey, API_MESSAGES.apiKeyMissing);
    }
    const v = await this.domainOps.call<ApiKeyVerifyResult>(WhoisPatterns.ApiVerifyKey, { apiKey: key, ip }, 10_000);
    const user = v.valid && v.userId ? await this.users.findById(v.userId) : null;
    if (!v.valid || !user || user.disabledAt) {
      await this.limiter.failed(ip);
      throw refusal(v, user);
    }
    const headers = await this.limiter.take(user.id);
    for (const [k, val] of Object.entries(headers)) res.setHeader(k, val);
    req.apiCaller = { userId: user.id, canPurchase: canPurchase(user) };
    return req.apiCaller;
  }

  /** For jsonAfterAuth: true once the key is good; a refusal is kept for the guard to answer (counted once). */
  async authenticatedBeforeBody(req: ApiRequest, res: Response): Promise<boolean> {
    try {
      await this.authenticate(req, res);
      return true;
    } catch (e) {
      req.apiRefusal = e;
      return false;
    }
  }
}

function refusal(v: ApiKeyVerifyResult, user: UserEntity | null): ApiException {
  if (v.valid && (!user || user.disabledAt)) return new ApiException(ApiErrorCode.InvalidApiKey, API_MESSAGES.apiKeyInvalid);
  switch (v.reason) {
    case 'api-disabled': return new ApiException(ApiErrorCode.ApiDisabled, API_MESSAGES.apiDisabled);
    case 'ip-not-allowed': return new ApiException(ApiErrorCode.IpNotAllowed, API_MESSAGES.apiIpNotAllowed);
    default: return new ApiException(ApiErrorCode.InvalidApiKey, API_MESSAGES.apiKeyInvalid);
  }
}
