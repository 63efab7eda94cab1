import { createHash } from 'node:crypto';

/** A mail key per issued token: the same token is mailed once, and the key (in the sent log) does not reveal it. */
export const tokenKey = (kind: string, token: string) => `account:${kind}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
