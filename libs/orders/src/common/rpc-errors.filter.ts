import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { OrdersErrorCode } from '@registrar/contracts';
import { OrdersException } from './orders.exception';

/**
 * Turns errors of the orders service into the RPC error shape { code, message }. Anything that is not an
 * OrdersException is logged here and reaches the caller as a generic failure, never with its internals.
 */
@Catch()
export class OrdersRpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('orders');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof OrdersException) return throwError(() => exception.toRpcError());
    const v = validationError(exception);
    if (v) return throwError(() => v);
    this.logger.error((exception as Error)?.stack ?? String(exception));
    return throwError(() => ({ code: OrdersErrorCode.PaymentFailed, message: 'internal error' }));
  }
}

function validationError(e: unknown) {
  const r = (e as { getResponse?: () => unknown })?.getResponse?.();
  if (r && typeof r === 'object' && Array.isArray((r as { message?: unknown }).message)) {
    return { code: OrdersErrorCode.InvalidAmount, message: ((r as { message: string[] }).message).join(', ') };
  }
  return null;
}
