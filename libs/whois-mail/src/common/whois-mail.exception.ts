import { Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { WhoisMailErrorCode, WhoisMailRpcError } from '@registrar/contracts';

/** A typed error of the whois-mail service; reaches the caller as { code, message }. */
export class WhoisMailException extends Error {
  constructor(readonly code: WhoisMailErrorCode, message: string) {
    super(message);
  }
  toRpcError(): WhoisMailRpcError {
    return { code: this.code, message: this.message };
  }
}

/** Turns errors of the whois-mail service into { code, message }; anything unexpected is logged and hidden. */
@Catch()
export class WhoisMailRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('whois-mail');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof WhoisMailException) return throwError(() => exception.toRpcError());
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: WhoisMailErrorCode.Internal, message: 'internal error' }));
  }
}
