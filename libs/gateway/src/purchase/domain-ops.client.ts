import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, DomainOpsErrorCode, DomainOpsPattern, isDomainOpsRpcError, isOrdersRpcError, WhoisPattern } from '@registrar/contracts';
import { RpcTimeoutError, rpc } from '@registrar/infra';
import { M } from '@registrar/messages';

/** HTTP status of every domain-ops error code (exhaustive). */
export function domainOpsHttpStatus(code: DomainOpsErrorCode): number {
  switch (code) {
    case DomainOpsErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case DomainOpsErrorCode.Invalid: return HttpStatus.UNPROCESSABLE_ENTITY;
    case DomainOpsErrorCode.Internal: return HttpStatus.BAD_GATEWAY;
    default: {
      const never: never = code;
      throw new Error(`unmapped domain-ops error ${never}`);
    }
  }
}

/** Calls the domain-ops service with a timeout and turns its typed errors into HTTP answers { message, errors, code }. */
@Injectable()
export class DomainOpsClient {
  private readonly logger = new Logger('domain-ops-client');

  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  async call<T>(pattern: DomainOpsPattern | WhoisPattern, payload: unknown, timeoutMs = 60_000): Promise<T> {
    try {
      return await rpc<T>(this.client, pattern, payload, timeoutMs);
    } catch (e) {
      if (isDomainOpsRpcError(e)) {
        const message = e.code === DomainOpsErrorCode.Internal ? M.unexpectedError : e.message;
        throw new HttpException({ code: e.code, message, errors: [message] }, domainOpsHttpStatus(e.code));
      }
      if (isOrdersRpcError(e)) throw new HttpException({ code: e.code, message: e.message, errors: [e.message] }, HttpStatus.CONFLICT);
      if (e instanceof RpcTimeoutError) {
        this.logger.error(`${pattern}: ${e.message}`);
        throw new HttpException({ message: M.errorRetryLaterParen, errors: [M.errorRetryLaterParen] }, HttpStatus.GATEWAY_TIMEOUT);
      }
      this.logger.error(`${pattern} failed: ${(e as Error)?.message ?? String(e)}`);
      throw new HttpException({ message: M.unexpectedError, errors: [M.unexpectedError] }, HttpStatus.BAD_GATEWAY);
    }
  }
}
