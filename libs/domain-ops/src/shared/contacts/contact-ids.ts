import { randomBytes } from 'node:crypto';

/**
 * A new registry id for a member's contact: `rkc` + 13 random characters (65 bits; 16 characters, the EPP limit).
 * Never derived from our row id, so another registrar cannot guess it and read the contact with contact:info
 * (issue 23, finding 7).
 */
export function newMemberContactId(): string {
  return `rkc${Array.from(randomBytes(13), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31]).join('')}`;
}
