import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { isMarketRpcError, MARKET_CLIENT, MarketErrorCode, MarketPattern } from '@registrar/contracts';
import { rpc, RpcTimeoutError } from '@registrar/infra';
import { M } from '@registrar/messages';

/** HTTP status of every market error code (exhaustive). */
export function marketHttpStatus(code: MarketErrorCode): number {
  switch (code) {
    case MarketErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case MarketErrorCode.Invalid: return HttpStatus.UNPROCESSABLE_ENTITY;
    case MarketErrorCode.Conflict: return HttpStatus.CONFLICT;
    case MarketErrorCode.Forbidden: return HttpStatus.FORBIDDEN;
    case MarketErrorCode.InsufficientPoints: return HttpStatus.PAYMENT_REQUIRED;
    case MarketErrorCode.PaymentFailed: return HttpStatus.PAYMENT_REQUIRED;
    case MarketErrorCode.Internal: return HttpStatus.BAD_GATEWAY;
    default: {
      const never: never = code;
      throw new Error(`unmapped market error ${never}`);
    }
  }
}

/** Calls the market service with a timeout; its typed errors become { result: false, code, message, errors } answers. */
@Injectable()
export class MarketClient {
  private readonly logger = new Logger('market-client');

  constructor(@Inject(MARKET_CLIENT) private readonly client: ClientProxy) {}

  async call<T>(pattern: MarketPattern, payload: unknown, timeoutMs = 30_000): Promise<T> {
    try {
      return await rpc<T>(this.client, pattern, payload, timeoutMs);
    } catch (e) {
      if (isMarketRpcError(e)) {
        const message = e.code === MarketErrorCode.Internal ? M.errorOccurred : e.message;
        throw new HttpException({ result: false, code: e.code, message, errors: [message] }, marketHttpStatus(e.code));
      }
      this.logger.error(`${pattern} failed: ${(e as Error)?.message ?? String(e)}`);
      throw new HttpException({ result: false, message: M.errorOccurred, errors: [M.errorOccurred] }, e instanceof RpcTimeoutError ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY);
    }
  }
}
