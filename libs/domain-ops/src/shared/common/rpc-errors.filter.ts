import { Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { DomainOpsErrorCode } from '@registrar/contracts';
import { DomainOpsException } from './domain-ops.exception';

/** Turns errors of the domain-ops service into { code, message }; anything unexpected is logged and hidden. */
@Catch()
export class DomainOpsRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('domain-ops');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DomainOpsException) return throwError(() => exception.toRpcError());
    const r = (exception as { getResponse?: () => unknown })?.getResponse?.();
    if (r && typeof r === 'object' && Array.isArray((r as { message?: unknown }).message)) {
      return throwError(() => ({ code: DomainOpsErrorCode.Invalid, message: (r as { message: string[] }).message.join(', ') }));
    }
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: DomainOpsErrorCode.Internal, message: 'internal error' }));
  }
}
