import { OrdersErrorCode, OrdersRpcError } from '@registrar/contracts';

/** The orders service's own error type: a code from OrdersErrorCode and a message fit to show (Japanese where the user sees it). */
export class OrdersException extends Error {
  constructor(
    readonly code: OrdersErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'OrdersException';
  }

  toRpcError(): OrdersRpcError {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export class InsufficientPointsException extends OrdersException {
  constructor(balance: number, requested: number) {
    super(OrdersErrorCode.InsufficientPoints, `ポイントが不足しています（残高 ${balance}RP、必要 ${requested}RP）`, { balance, requested });
  }
}

export function assertUnreachable(x: never): never {
  throw new Error(`unreachable: ${JSON.stringify(x)}`);
}
