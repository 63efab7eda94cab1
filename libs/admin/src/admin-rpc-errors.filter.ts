import { Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { DomainOpsErrorCode, isDomainOpsRpcError } from '@registrar/contracts';

/**
 * The admin service answers with the error of the service it asked ({ code, message } of DomainOpsErrorCode), so the
 * gateway shows a refusal as before; anything else is logged and answered as an internal error.
 */
@Catch()
export class AdminRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('admin');

  catch(exception: unknown): Observable<never> {
    if (isDomainOpsRpcError(exception)) return throwError(() => ({ code: exception.code, message: exception.message }));
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: DomainOpsErrorCode.Internal, message: 'internal error' }));
  }
}
