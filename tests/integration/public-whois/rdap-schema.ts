/**
 * ICANN's RDAP JSON schemas (../shared/rdap-schema, from the RDAP conformance tool) loaded into Ajv. The schemas use
 * the tool's own keywords (errorCode, validationName …, ignored here) and its own named formats, which are defined
 * below from the IANA registries they stand for (RDAP JSON values, link relations, RDAP extensions).
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const DIR = process.env.RDAP_SCHEMA_DIR ?? path.resolve(__dirname, '../../../../shared/rdap-schema');

// RDAP JSON values registry (RFC 9083 §10.2; RFC 8056 statuses)
const STATUS = new Set(['validated', 'renew prohibited', 'update prohibited', 'transfer prohibited', 'delete prohibited', 'proxy', 'private', 'removed', 'obscured',
  'associated', 'active', 'inactive', 'locked', 'pending create', 'pending renew', 'pending transfer', 'pending update', 'pending delete', 'add period',
  'auto renew period', 'client delete prohibited', 'client hold', 'client renew prohibited', 'client transfer prohibited', 'client update prohibited',
  'pending restore', 'redemption period', 'renew period', 'server delete prohibited', 'server renew prohibited', 'server transfer prohibited',
  'server update prohibited', 'server hold', 'transfer period', 'administrative', 'reserved']);
const ROLES = new Set(['registrant', 'technical', 'administrative', 'abuse', 'billing', 'registrar', 'reseller', 'sponsor', 'proxy', 'notifications', 'noc']);
const EVENTS = new Set(['registration', 'reregistration', 'last changed', 'expiration', 'deletion', 'reinstantiation', 'transfer', 'locked', 'unlocked',
  'last update of RDAP database', 'registrar expiration', 'enum validation expiration']);
const NOTICE_TYPES = new Set(['result set truncated due to authorization', 'result set truncated due to excessive load', 'result set truncated due to unexplainable reasons',
  'object truncated due to authorization', 'object truncated due to excessive load', 'object truncated due to unexplainable reasons', 'object redacted due to authorization']);
const LINK_RELATIONS = new Set(['about', 'alternate', 'related', 'self', 'help', 'glossary', 'copyright', 'terms-of-service', 'describedby', 'up', 'license', 'privacy-policy', 'item', 'collection']);
const HOST = /^(?=.{1,253}$)([a-z0-9\p{L}\p{N}]([a-z0-9\p{L}\p{N}-]{0,61}[a-z0-9\p{L}\p{N}])?)(\.([a-z0-9\p{L}\p{N}]([a-z0-9\p{L}\p{N}-]{0,61}[a-z0-9\p{L}\p{N}])?))+\.?$/iu;

/**
 * jcard.json gives a definition its own `$id` ("vcardArray") while its `$ref`s still mean the file's definitions; the
 * conformance tool's validator ignores such nested ids, JSON Schema draft 7 (and Ajv) would re-base them. Drop them.
 */
function dropNestedIds(node: unknown, top = false): unknown {
  if (Array.isArray(node)) return node.map((n) => dropNestedIds(n));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!(k === '$id' && !top)) out[k] = dropNestedIds(v);
  return out;
}

export function rdapValidator(): (schema: string, json: unknown) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  ajv.addFormat('status', (s: string) => STATUS.has(s));
  ajv.addFormat('role', (s: string) => ROLES.has(s));
  ajv.addFormat('eventAction', (s: string) => EVENTS.has(s));
  ajv.addFormat('noticeAndRemark', (s: string) => NOTICE_TYPES.has(s));
  ajv.addFormat('linkRelations', (s: string) => LINK_RELATIONS.has(s));
  ajv.addFormat('mediaTypes', (s: string) => /^[a-z]+\/[a-z0-9.+-]+$/i.test(s));
  ajv.addFormat('rdapExtensions', (s: string) => /^[a-z0-9_]+$/i.test(s));
  ajv.addFormat('idn-hostname', (s: string) => HOST.test(s));
  // the host part of a URI must be a valid host name (or an IP address)
  ajv.addFormat('hostname-in-uri', (s: string) => {
    try {
      const host = new URL(s).hostname;
      return HOST.test(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^\[[0-9a-f:]+\]$/i.test(host);
    } catch {
      return false;
    }
  });
  ajv.addFormat('idn-email', (s: string) => /^[^\s@]+@[^\s@]+$/.test(s));
  ajv.addFormat('ipv4-validation', (s: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(s));
  ajv.addFormat('ipv6-validation', (s: string) => /^[0-9a-f:]+$/i.test(s));
  ajv.addFormat('variantRelation', () => true);
  ajv.addFormat('image', () => true);
  const files = [...fs.readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.startsWith('test_')).map((f) => path.join(DIR, f))];
  for (const sub of fs.readdirSync(path.join(DIR, 'profile'), { recursive: true }) as string[]) {
    if (sub.endsWith('.json')) files.push(path.join(DIR, 'profile', sub));
  }
  for (const f of files) {
    const schema = dropNestedIds(JSON.parse(fs.readFileSync(f, 'utf8')), true) as { $id?: string };
    if (!ajv.getSchema(schema.$id ?? path.basename(f))) ajv.addSchema(schema, schema.$id ? undefined : path.basename(f));
  }
  const compiled = new Map<string, ValidateFunction>();
  return (schema, json) => {
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.getSchema(schema) as ValidateFunction;
      if (!v) throw new Error(`no schema ${schema}`);
      compiled.set(schema, v);
    }
    return v(json) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
}
