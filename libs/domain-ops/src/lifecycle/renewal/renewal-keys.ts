/** Idempotency keys of a renewal item's money movements (one per item, so a retry never charges or refunds twice). */
export const renewalKeys = (renewalId: string, punycode: string) => ({
  spend: `renew:${renewalId}:${punycode}:spend`,
  refund: `renew:${renewalId}:${punycode}:refund`,
});
