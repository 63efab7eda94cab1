import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * Private keys of forwarded hosts' certificates and of the ACME account, sealed with AES-256-GCM under a key derived
 * from FORWARD_CERT_SECRET (the dns service seals, the forwarder opens). A key is never logged, and the database holds
 * only the sealed text: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class CertSecret {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = scryptSync(secret, 'registrar forward certificates v1', 32);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text; throws when the text was sealed under another secret or altered. */
  open(sealed: string): string {
    const [v, iv, tag, body] = String(sealed).split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed key');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
