import { Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { DnsErrorCode, DnsRpcError } from '@registrar/contracts';

/** A typed error of the dns service; reaches the caller as { code, message }. */
export class DnsException extends Error {
  constructor(readonly code: DnsErrorCode, message: string) {
    super(message);
  }
  toRpcError(): DnsRpcError {
    return { code: this.code, message: this.message };
  }
}

/** Turns errors of the dns service into { code, message }; anything unexpected is logged and hidden. */
@Catch()
export class DnsRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('dns');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DnsException) return throwError(() => exception.toRpcError());
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: DnsErrorCode.Internal, message: 'internal error' }));
  }
}
