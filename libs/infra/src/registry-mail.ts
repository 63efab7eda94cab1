import crypto from 'node:crypto';

/**
 * How a registry proves that a mail with an action link really comes from it (issue 23, finding 3): the header
 * `X-Registry-Signature: v1=<hex HMAC-SHA256(shared secret, link)>` signs the exact link the mail asks to open. The
 * registry simulator signs its registrant-change approval mails; the WHOIS mail inbox opens a link only when the
 * signature of that link verifies (and the sender and the link's base URL are the configured registry's).
 */
export const REGISTRY_SIGNATURE_HEADER = 'x-registry-signature';

export function registryMailSignature(secret: string, link: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(link).digest('hex')}`;
}

/** True when one of the header values is the signature of `link` under `secret` (constant-time compare). */
export function verifyRegistryMailSignature(secret: string, link: string, headerValues: readonly string[]): boolean {
  if (!secret) return false;
  const want = Buffer.from(registryMailSignature(secret, link));
  return headerValues.some((v) => {
    const got = Buffer.from(String(v).trim());
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  });
}
