import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AVAILABILITY_CLIENT, AvailabilityPatterns, ClaimCheckRequest, ClaimCheckResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/**
 * The claim check before a domain enters the cart (000 spec: POST search/domain/check/claim -> unavailableDomains):
 * the availability service asks the registry again, so a name taken since the search is refused.
 * A thrown error makes the cart answer 'ドメインをカートに追加できませんでした。もう一度お試しください。'.
 */
export interface ClaimCheck {
  /** the names (punycode) among these that must not be registered (reserved, claimed, blocked) */
  unregistrable(punycodes: string[]): Promise<string[]>;
}

export const CART_CLAIM_CHECK = Symbol('CART_CLAIM_CHECK');

/** Asks the availability service (a fresh registry check of up to 1000 names). */
@Injectable()
export class AvailabilityClaimCheck implements ClaimCheck {
  constructor(@Inject(AVAILABILITY_CLIENT) private readonly availability: ClientProxy) {}

  async unregistrable(punycodes: string[]): Promise<string[]> {
    const r = await rpc<ClaimCheckResult, ClaimCheckRequest>(this.availability, AvailabilityPatterns.ClaimCheck, { domainNames: punycodes }, 15_000);
    if (!r.success) throw new Error(`claim check failed: ${(r.error_msg ?? []).join(' ')}`);
    return r.results.unavailableDomains;
  }
}
