import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { isOrdersRpcError, ORDERS_CLIENT, OrdersErrorCode, OrdersPattern } from '@registrar/contracts';
import { RpcTimeoutError, rpc } from '@registrar/infra';
import { M } from '@registrar/messages';

/** HTTP status of every orders error code (exhaustive: a new code does not compile until it is mapped). */
export function httpStatusOf(code: OrdersErrorCode): number {
  switch (code) {
    case OrdersErrorCode.InsufficientPoints: return HttpStatus.CONFLICT;
    case OrdersErrorCode.IdempotencyConflict: return HttpStatus.CONFLICT;
    case OrdersErrorCode.InvalidState: return HttpStatus.CONFLICT;
    case OrdersErrorCode.InvalidAmount: return HttpStatus.UNPROCESSABLE_ENTITY;
    case OrdersErrorCode.CardRequired: return HttpStatus.UNPROCESSABLE_ENTITY;
    case OrdersErrorCode.CartFull: return HttpStatus.UNPROCESSABLE_ENTITY;
    case OrdersErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case OrdersErrorCode.CardDeclined: return HttpStatus.PAYMENT_REQUIRED;
    case OrdersErrorCode.InvalidSignature: return HttpStatus.BAD_REQUEST;
    case OrdersErrorCode.PaymentFailed: return HttpStatus.BAD_GATEWAY;
    case OrdersErrorCode.ProviderNotConfigured: return HttpStatus.SERVICE_UNAVAILABLE;
    case OrdersErrorCode.CartAddFailed: return HttpStatus.SERVICE_UNAVAILABLE;
    case OrdersErrorCode.ChargeVoided: return HttpStatus.CONFLICT;
    case OrdersErrorCode.ChargeExpired: return HttpStatus.CONFLICT;
    default: {
      const never: never = code;
      throw new Error(`unmapped orders error ${never}`);
    }
  }
}

/** Calls the orders service with a timeout and turns its typed errors into HTTP answers { message, errors, code }. */
@Injectable()
export class OrdersClient {
  private readonly logger = new Logger('orders-client');

  constructor(@Inject(ORDERS_CLIENT) private readonly client: ClientProxy) {}

  async call<T>(pattern: OrdersPattern, payload: unknown, timeoutMs = Number(process.env.RPC_TIMEOUT_MS ?? 10_000)): Promise<T> {
    try {
      return await rpc<T>(this.client, pattern, payload, Math.max(timeoutMs, 30_000));
    } catch (e) {
      if (isOrdersRpcError(e)) {
        const message = e.code === OrdersErrorCode.PaymentFailed && e.message === 'internal error' ? M.unexpectedError : e.message;
        throw new HttpException({ code: e.code, message, errors: [message] }, httpStatusOf(e.code));
      }
      if (e instanceof RpcTimeoutError) {
        this.logger.error(`${pattern}: ${e.message}`);
        throw new HttpException({ message: M.errorRetryLaterParen, errors: [M.errorRetryLaterParen] }, HttpStatus.GATEWAY_TIMEOUT);
      }
      this.logger.error(`${pattern} failed: ${(e as Error)?.message ?? String(e)}`);
      throw new HttpException({ message: M.unexpectedError, errors: [M.unexpectedError] }, HttpStatus.BAD_GATEWAY);
    }
  }
}
