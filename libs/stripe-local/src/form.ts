/**
 * Decodes Stripe's form encoding (application/x-www-form-urlencoded with bracket nesting, as the stripe SDK writes it):
 * card[number]=4242…, metadata[sessionId]=…, expand[0]=setup_intent, payment_method_types[]=card.
 */
export function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    parts.forEach((p, i) => {
      const key = p === '' ? String(Object.keys(node).length) : p;
      if (i === parts.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(out) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(v: unknown): unknown {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = arrays(o[k]);
  const keys = Object.keys(o);
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => o[k]);
  return o;
}
