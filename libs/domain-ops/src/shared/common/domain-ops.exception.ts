import { DomainOpsErrorCode, DomainOpsRpcError } from '@registrar/contracts';

/** A typed error of the domain-ops service; reaches the caller as { code, message }. */
export class DomainOpsException extends Error {
  constructor(readonly code: DomainOpsErrorCode, message: string) {
    super(message);
  }
  toRpcError(): DomainOpsRpcError {
    return { code: this.code, message: this.message };
  }
}
