import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DNS_CLIENT, DnsErrorCode, DnsPattern, DnsToolsPattern, isDnsRpcError } from '@registrar/contracts';
import { RpcTimeoutError, rpc } from '@registrar/infra';
import { M } from '@registrar/messages';

export function dnsHttpStatus(code: DnsErrorCode): number {
  switch (code) {
    case DnsErrorCode.NotFound: return HttpStatus.NOT_FOUND;
    case DnsErrorCode.Invalid: return HttpStatus.UNPROCESSABLE_ENTITY;
    case DnsErrorCode.Internal: return HttpStatus.BAD_GATEWAY;
    default: {
      const never: never = code;
      throw new Error(`unmapped dns error ${never}`);
    }
  }
}

/** Calls the dns service with a timeout and turns its typed errors into HTTP answers { result, message, errors, code }. */
@Injectable()
export class DnsClient {
  private readonly logger = new Logger('dns-client');

  constructor(@Inject(DNS_CLIENT) private readonly client: ClientProxy) {}

  async call<T>(pattern: DnsPattern | DnsToolsPattern, payload: unknown, timeoutMs = 60_000): Promise<T> {
    try {
      return await rpc<T>(this.client, pattern, payload, timeoutMs);
    } catch (e) {
      if (isDnsRpcError(e)) {
        const message = e.code === DnsErrorCode.Internal ? M.errorOccurred : e.message;
        throw new HttpException({ result: false, code: e.code, message, errors: [message] }, dnsHttpStatus(e.code));
      }
      if (e instanceof RpcTimeoutError) this.logger.error(`${pattern}: ${e.message}`);
      else this.logger.error(`${pattern} failed: ${(e as Error)?.message ?? String(e)}`);
      throw new HttpException({ result: false, message: M.errorOccurred, errors: [M.errorOccurred] }, e instanceof RpcTimeoutError ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY);
    }
  }
}
