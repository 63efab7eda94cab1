import type { IncomingMessage } from 'node:http';

/** No request body of ours nests deeper than this; a deeper one is refused before it is parsed. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests objects/arrays deeper than `max`. A single pass over the raw bytes (strings and their
 * escapes skipped), so a hostile 15,000-level body is refused without recursion and before JSON.parse.
 */
export function jsonNestsDeeperThan(buf: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** body-parser `verify` for JSON: keeps the raw body (signed webhooks need it) and refuses deep nesting with 400. */
export function verifyJsonBody(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer): void {
  req.rawBody = buf;
  if (jsonNestsDeeperThan(buf, MAX_JSON_DEPTH)) {
    throw Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), { status: 400, statusCode: 400, type: 'entity.too.deep', expose: true });
  }
}
