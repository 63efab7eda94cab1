import { Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { MarketErrorCode, MarketRpcError } from '@registrar/contracts';

/** A typed error of the market service; reaches the caller as { code, message } (message: Japanese, for the member). */
export class MarketException extends Error {
  constructor(readonly code: MarketErrorCode, message: string) {
    super(message);
  }
  toRpcError(): MarketRpcError {
    return { code: this.code, message: this.message };
  }
}

export const invalid = (message: string) => new MarketException(MarketErrorCode.Invalid, message);
export const notFound = (message: string) => new MarketException(MarketErrorCode.NotFound, message);
export const conflict = (message: string) => new MarketException(MarketErrorCode.Conflict, message);

/** Turns errors of the market service into { code, message }; anything unexpected is logged and hidden. */
@Catch()
export class MarketRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('market');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof MarketException) return throwError(() => exception.toRpcError());
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: MarketErrorCode.Internal, message: 'internal error' }));
  }
}
