/**
 * DNSSEC rules shared by the panel and the services (issue 29; docs/dns.md "DNSSEC"): DS records a member enters for a
 * domain on other name servers, the IANA algorithm list, and the states a domain's DNSSEC goes through.
 */
import { DS, fmt } from '@registrar/messages';

/**
 * DNSSEC algorithm numbers that may be used for signing zones (IANA "DNS Security Algorithm Numbers", zone signing
 * "Y"; RFC 8624 recommendations noted). Deprecated ones (1 RSAMD5, 3 DSA, 6 DSA-NSEC3-SHA1, 12 ECC-GOST) are refused.
 */
export const DNSSEC_ALGORITHMS: { value: number; label: string }[] = [
  { value: 5, label: '5 RSASHA1（非推奨）' },
  { value: 7, label: '7 RSASHA1-NSEC3-SHA1（非推奨）' },
  { value: 8, label: '8 RSASHA256' },
  { value: 10, label: '10 RSASHA512' },
  { value: 13, label: '13 ECDSAP256SHA256（推奨）' },
  { value: 14, label: '14 ECDSAP384SHA384' },
  { value: 15, label: '15 ED25519' },
  { value: 16, label: '16 ED448' },
];

/** DS digest types (IANA "Delegation Signer (DS) Resource Record Digest Algorithms") and their hex lengths. */
export const DNSSEC_DIGEST_TYPES: { value: number; label: string; length: number }[] = [
  { value: 1, label: '1 SHA-1', length: 40 },
  { value: 2, label: '2 SHA-256（推奨）', length: 64 },
  { value: 4, label: '4 SHA-384', length: 96 },
];

/** DS records a domain may hold at the registry at most (the simulator's and most registries' limit is 13 or more). */
export const DS_MAX = 8;

export interface DsInput {
  keyTag?: number | string | null;
  alg?: number | string | null;
  digestType?: number | string | null;
  digest?: string | null;
}
export interface DsRecord {
  keyTag: number;
  alg: number;
  digestType: number;
  digest: string;
}

const int = (v: unknown): number | null => {
  const s = String(v ?? '').trim();
  return /^\d{1,6}$/.test(s) ? Number(s) : null;
};

/**
 * Checks the DS records a member entered; answers the normalised set (digest upper case, spaces removed) or the
 * messages of every problem (one per field, numbered by record). An empty list is allowed only with `allowEmpty`
 * (removing every DS).
 */
export function validateDsSet(input: unknown, o: { allowEmpty?: boolean } = {}): { ds: DsRecord[]; errors: [] } | { ds?: undefined; errors: string[] } {
  const list = Array.isArray(input) ? (input as DsInput[]) : [];
  if (!list.length) return o.allowEmpty ? { ds: [], errors: [] } : { errors: [DS.dsNone] };
  if (list.length > DS_MAX) return { errors: [fmt(DS.dsTooMany, { max: DS_MAX })] };
  const errors: string[] = [];
  const out: DsRecord[] = [];
  const seen = new Set<string>();
  list.forEach((r, i) => {
    const n = i + 1;
    const keyTag = int(r?.keyTag);
    const alg = int(r?.alg);
    const digestType = int(r?.digestType);
    const digest = String(r?.digest ?? '').replace(/\s+/g, '').toUpperCase();
    let ok = true;
    if (keyTag === null || keyTag > 65535) { errors.push(fmt(DS.dsKeyTag, { n })); ok = false; }
    if (alg === null || !DNSSEC_ALGORITHMS.some((a) => a.value === alg)) { errors.push(fmt(DS.dsAlg, { n })); ok = false; }
    const type = DNSSEC_DIGEST_TYPES.find((t) => t.value === digestType);
    if (!type) { errors.push(fmt(DS.dsDigestType, { n })); ok = false; }
    if (!/^[0-9A-F]+$/.test(digest)) { errors.push(fmt(DS.dsDigestHex, { n })); ok = false; }
    else if (type && digest.length !== type.length) { errors.push(fmt(DS.dsDigestLength, { n, digestType: type.value, length: type.length, actual: digest.length })); ok = false; }
    if (!ok) return;
    const key = `${keyTag} ${alg} ${digestType} ${digest}`;
    if (seen.has(key)) { errors.push(fmt(DS.dsDuplicate, { n })); return; }
    seen.add(key);
    out.push({ keyTag: keyTag!, alg: alg!, digestType: digestType!, digest });
  });
  return errors.length ? { errors } : { ds: out, errors: [] };
}

/** A domain's DNSSEC as the panel shows it. */
export type DnssecStatus = 'off' | 'signing' | 'ds_pending' | 'active' | 'rolling' | 'removing' | 'manual';

export const DNSSEC_STATUS_LABEL: Record<DnssecStatus, string> = {
  off: DS.stateOff, signing: DS.stateSigning, ds_pending: DS.stateDsPending, active: DS.stateActive, rolling: DS.stateRolling, removing: DS.stateRemoving, manual: DS.stateManual,
};

/** The algorithm's mnemonic (13 → ECDSAP256SHA256). */
export function dnssecAlgorithmName(alg: number): string {
  return DNSSEC_ALGORITHMS.find((a) => a.value === alg)?.label.split(' ')[1]?.replace(/（.*$/, '') ?? String(alg);
}
