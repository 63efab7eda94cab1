import { createHash, randomBytes } from 'node:crypto';

/** Idempotency keys of an order item's money movements (one per item, so a retry never charges or refunds twice). */
export const itemKeys = (orderId: string, punycode: string) => ({
  spend: `order:${orderId}:${punycode}:spend`,
  refund: `order:${orderId}:${punycode}:refund`,
  campaign: `order:${orderId}:${punycode}:campaign`,
});

/**
 * A new domain's authInfo (its transfer code), marked with the order item whose create sends it (ADR 0052): 72 random
 * bits, then a mark of those bits and the item id. The registry keeps it and answers it to us (the sponsor) in
 * domain:info, so a later look tells which registration's create the registry accepted, whatever our table says.
 * 21 characters of letters, digits, `-` and `_`, starting with a letter and ending with a digit, as before.
 */
export function itemAuthInfo(itemId: number): string {
  const random = randomBytes(9).toString('base64url');
  return `Rk${random}${mark(random, itemId)}1`;
}

/**
 * Whether a domain's authInfo was set by the create of `itemId`: true or false when it carries a mark, null when it
 * carries none (a create of an earlier release, a code changed since, or none in the answer).
 */
export function createdBy(authInfo: string | undefined, itemId: number): boolean | null {
  const m = authInfo ? MARKED.exec(authInfo) : null;
  return m ? mark(m[1]!, itemId) === m[2] : null;
}

const MARKED = /^Rk([A-Za-z0-9_-]{12})([A-Za-z0-9_-]{6})1$/;
const mark = (random: string, itemId: number) => createHash('sha256').update(`${random}:${itemId}`).digest('base64url').slice(0, 6);
