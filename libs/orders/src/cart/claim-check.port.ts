/**
 * The claim check before a domain enters the cart (000 spec: POST search/domain/check/claim -> unavailableDomains).
 * SEAM: the search engineer's availability service will answer this; until then the default adapter refuses nothing
 * (names are still checked for syntax by the cart). Bind CART_CLAIM_CHECK to an adapter that calls the availability
 * RPC once it exists. A thrown error makes the cart answer 'ドメインをカートに追加できませんでした。もう一度お試しください。'.
 */
export interface ClaimCheck {
  /** the names (punycode) among these that must not be registered (reserved, claimed, blocked) */
  unregistrable(punycodes: string[]): Promise<string[]>;
}

export const CART_CLAIM_CHECK = Symbol('CART_CLAIM_CHECK');

export class NoClaimCheck implements ClaimCheck {
  async unregistrable(_punycodes: string[]): Promise<string[]> {
    return [];
  }
}
