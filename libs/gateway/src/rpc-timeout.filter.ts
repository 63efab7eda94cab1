import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { RpcTimeoutError } from '@registrar/infra';
import { M } from '@registrar/messages';

/**
 * A request to a service that did not answer in time (RpcTimeoutError, ADR 0008) which no controller turned into its
 * own answer: 504 with the usual Japanese "try again later" message, never a hang nor a bare 500. The request did not
 * run late (its deadline travels with it), so trying again is safe.
 */
@Catch(RpcTimeoutError)
export class RpcTimeoutFilter implements ExceptionFilter {
  private readonly logger = new Logger('rpc');

  catch(e: RpcTimeoutError, host: ArgumentsHost): void {
    this.logger.error(e.message);
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    res.status(HttpStatus.GATEWAY_TIMEOUT).json({ result: false, message: M.errorRetryLaterParen, errors: [M.errorRetryLaterParen] });
  }
}
