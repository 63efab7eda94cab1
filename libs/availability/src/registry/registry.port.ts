/**
 * What the availability service needs from a registry: an EPP domain:check of a few names. The one real adapter is
 * the EPP client of @registrar/epp (EppRegistryAdapter); unit tests replace it.
 */
export const REGISTRY_PORT = Symbol('REGISTRY_PORT');

export interface RegistryCheckAnswer {
  /** ASCII name, as asked */
  name: string;
  available: boolean;
  /** the registry's reason when not available (e.g. "In use") */
  reason?: string;
}

export interface RegistryPort {
  /** One EPP domain:check command for `names` (all under registries that accept that many names per command). */
  check(names: string[]): Promise<RegistryCheckAnswer[]>;
}

/** A registry command failed (transport error, timeout, or an error result code): the check is retried, then reported. */
export class RegistryCheckError extends Error {
  constructor(message: string, readonly code?: number) {
    super(message);
    this.name = 'RegistryCheckError';
  }
}
