import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { isDomainOpsRpcError, isOrdersRpcError, DomainOpsErrorCode } from '@registrar/contracts';
import { RpcTimeoutError, rpc } from '@registrar/infra';
import { M } from '@registrar/messages';

const logger = new Logger('admin-rpc');

/**
 * Calls a service for an admin screen: a service's refusal becomes 422 { message, errors: { message: [...] } }, a
 * timeout 504, anything else 502 with 予期せぬエラー (002 §8's fallback).
 */
export async function adminRpc<T>(client: ClientProxy, pattern: string, payload: unknown, ms = 15_000): Promise<T> {
  try {
    return await rpc<T>(client, pattern, payload, ms);
  } catch (e) {
    if ((isDomainOpsRpcError(e) && e.code !== DomainOpsErrorCode.Internal) || isOrdersRpcError(e)) {
      const message = (e as { message: string }).message;
      throw new HttpException({ result: false, message, errors: { message: [message] } }, HttpStatus.UNPROCESSABLE_ENTITY);
    }
    if (e instanceof RpcTimeoutError) {
      logger.error(e.message);
      throw new HttpException({ result: false, message: M.errorRetryLaterParen, errors: { message: [M.errorRetryLaterParen] } }, HttpStatus.GATEWAY_TIMEOUT);
    }
    logger.error(`${pattern} failed: ${(e as Error)?.message ?? String(e)}`);
    throw new HttpException({ result: false, message: M.unexpectedError, errors: { message: [M.unexpectedError] } }, HttpStatus.BAD_GATEWAY);
  }
}

/** 422 with per-field errors ({ errors: { field: [msg] } }), as the registrar log screen lists them. */
export function fieldErrors(errors: Record<string, string[]>): HttpException {
  return new HttpException({ result: false, message: Object.values(errors)[0]?.[0] ?? M.errorOccurred, errors }, HttpStatus.UNPROCESSABLE_ENTITY);
}
