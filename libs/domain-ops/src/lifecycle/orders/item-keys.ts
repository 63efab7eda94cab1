/** Idempotency keys of an order item's money movements (one per item, so a retry never charges or refunds twice). */
export const itemKeys = (orderId: string, punycode: string) => ({
  spend: `order:${orderId}:${punycode}:spend`,
  refund: `order:${orderId}:${punycode}:refund`,
  campaign: `order:${orderId}:${punycode}:campaign`,
});
