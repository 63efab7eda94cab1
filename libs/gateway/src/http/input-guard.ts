import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { fmt, M } from '@registrar/messages';

/** Characters no field of ours may hold: NUL (PostgreSQL text cannot), and other C0 controls except TAB, CR and LF. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** query fields that are numbers by name: pages, sizes, ids, years */
const NUMERIC_FIELD = /^(page|per_?page|pagingNum|limit|offset|ids?|year|month|quarter|.*Id|.*_id)$/i;

export interface InputProblem {
  field: string;
  message: string;
}

/**
 * The first problem of a query: every value is text (or a list of texts), never an object (`q[$ne]=1`), without
 * control characters; numbers that look numeric must fit a safe integer.
 */
export function queryProblem(query: unknown): InputProblem | null {
  if (!query || typeof query !== 'object') return null;
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const values = Array.isArray(v) ? v : [v];
    if (values.length > 1000) return { field: k, message: fmt(M.inputShape, { field: k }) };
    for (const x of values) {
      if (typeof x !== 'string') return { field: k, message: fmt(M.inputShape, { field: k }) };
      const p = textProblem(k, x, true);
      if (p) return p;
    }
  }
  return null;
}

function textProblem(field: string, s: string, query: boolean): InputProblem | null {
  if (query ? CONTROL.test(s) : s.includes('\u0000')) return { field, message: fmt(M.inputControlCharacters, { field }) };
  // a page, a count or an id no integer column holds (page=1e308, an id of 30 digits); other fields (a keyword of digits
  // is a fine domain label) are left to their own rules
  if (query && NUMERIC_FIELD.test(field) && /^[+-]?(\d{16,}|\d+(\.\d+)?e[+-]?\d+)$/i.test(s.trim()) && !Number.isSafeInteger(Number(s))) return { field, message: fmt(M.inputNumberRange, { field }) };
  return null;
}

export const SCALAR_BODY_KEY = 'registrar:scalar-body';
/**
 * The DTO of a search body read by a shared rule (libs/rules: validateDomainSearch, validateRegistrarLogSearch …):
 * every field is text, a number, true/false or null, or a list of those; an object anywhere is a 400 naming the field.
 */
export const ScalarBody = () => SetMetadata(SCALAR_BODY_KEY, true);

export function scalarBodyProblem(body: unknown): InputProblem | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) return { field: 'body', message: fmt(M.inputShape, { field: 'body' }) };
  const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (scalar(v) || (Array.isArray(v) && v.length <= 1000 && v.every(scalar))) continue;
    return { field: k, message: fmt(M.inputShape, { field: k }) };
  }
  return null;
}

/** The first problem of a parsed body: a NUL byte in any text, a number that is not finite or not a safe integer's size. */
export function bodyProblem(body: unknown, path = '', depth = 0): InputProblem | null {
  if (depth > 64) return null; // deeper bodies are refused by the JSON parser already
  if (typeof body === 'string') return textProblem(path || 'body', body, false);
  if (typeof body === 'number') {
    if (!Number.isFinite(body) || Math.abs(body) > Number.MAX_SAFE_INTEGER) return { field: path || 'body', message: fmt(M.inputNumberRange, { field: path || 'body' }) };
    return null;
  }
  if (Array.isArray(body)) {
    for (let i = 0; i < body.length; i++) {
      const p = bodyProblem(body[i], path || String(i), depth + 1);
      if (p) return p;
    }
    return null;
  }
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (k.includes('\u0000')) return { field: 'body', message: fmt(M.inputControlCharacters, { field: 'body' }) };
      const p = bodyProblem(v, path ? `${path}.${k}` : k, depth + 1);
      if (p) return p;
    }
  }
  return null;
}

/**
 * Every call's query and body are checked before any handler or validation pipe sees them (issue 23, finding 9): an
 * object in a query, a NUL or other control byte, a number no column can hold answers 400 with a Japanese message
 * naming the field, instead of reaching PostgreSQL or a service and coming back as 500/502. Field-by-field rules stay
 * with each call's DTO or shared rule. The Stripe webhook (a signed raw body) is left alone.
 */
@Injectable()
export class InputGuardInterceptor implements NestInterceptor {
  constructor(private readonly reflector = new Reflector()) {}

  intercept(ctx: ExecutionContext, next: CallHandler) {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    if (!req.path.startsWith('/stripe/webhook')) {
      const scalarOnly = this.reflector.getAllAndOverride<boolean>(SCALAR_BODY_KEY, [ctx.getHandler(), ctx.getClass()]);
      const p = queryProblem(req.query) ?? bodyProblem(req.body) ?? (scalarOnly ? scalarBodyProblem(req.body) : null);
      if (p) throw new BadRequestException({ statusCode: 400, message: p.message, errors: { [p.field]: [p.message] } });
    }
    return next.handle();
  }
}
