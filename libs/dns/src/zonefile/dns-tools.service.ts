import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ActionCodes, DnsChangeDto, DnsErrorCode, DnsLineIssueDto, DnsRecordDto, DnsToolsApplyResult, OwnedDomainDto, TemplatePreview, TemplateRpcRequest,
  ZoneFileDto, ZoneImportPreview, ZoneImportRpcRequest,
} from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { fmt, M } from '@registrar/messages';
import { DNS_TYPE, DnsRecord, dnsTemplate, dsOf, templateRecords, validateDnsRecords, validateTemplateParams } from '@registrar/rules';
import { DnsException } from '../common/dns.exception';
import { DnsConfig } from '../dns.config';
import { DnssecService } from '../dnssec/dnssec.service';
import { DomainOpsPort } from '../ports/domain-ops.port';
import { planTemplate } from '../templates/template-plan';
import { shouldServe } from '../zones/zone-content';
import { ZoneRepository } from '../zones/zone.repository';
import { diffRecords, normaliseAll, parseZoneFile, rdataOf, serializeZone, ZONE_FILE_MAX_BYTES, ZoneChange, ZoneFileParse } from './zonefile';

/** The state of a record list, so that an apply made from a preview refuses when the records changed since. */
export function recordsBase(records: DnsRecord[]): string {
  const plain = records.map((r) => [r.host_name, r.recode_type, r.ttl, r.record, r.priority, r.weight, r.port, r.service_name, r.protocol, r.alg, r.digest, r.digest_type, r.key_tag]);
  return createHash('sha256').update(JSON.stringify(plain)).digest('hex').slice(0, 32);
}

const lineOf = (r: DnsRecord, zone: string) => {
  const owner = r.recode_type === DNS_TYPE.SRV ? `${r.service_name ?? ''}${r.protocol ?? ''}${r.host_name}`.replace(/\.$/, '') : r.host_name;
  const type = Object.entries(DNS_TYPE).find(([, v]) => v === r.recode_type)?.[0] ?? '';
  return `${owner ? `${owner}.${zone}.` : `${zone}.`} ${r.ttl} IN ${type} ${rdataOf(r)}`;
};

function toDto(c: ZoneChange, zone: string): DnsChangeDto {
  const shown = c.after ?? c.before!;
  return { kind: c.kind, ...(c.before ? { before: c.before as DnsRecordDto } : {}), ...(c.after ? { after: c.after as DnsRecordDto } : {}), ...(c.line ? { line: c.line } : {}), text: lineOf(shown, zone), ...(c.kind === 'change' && c.before ? { beforeText: lineOf(c.before, zone) } : {}) };
}

const count = (changes: ZoneChange[], kind: ZoneChange['kind']) => changes.filter((c) => c.kind === kind).length;

/** The import: what the file's records do to the zone, or its line errors. */
interface ImportPlan {
  errors: DnsLineIssueDto[];
  skipped: DnsLineIssueDto[];
  changes: ZoneChange[];
  /** the records after the import (the member's DS records kept, last) */
  result: DnsRecord[];
}

/**
 * Templates and zone files for a domain's DNS (issue 29, items 2 and 3): export as a BIND zone file, import one with a
 * preview of adds, changes and removals and its errors by line, apply a template. Every apply is one transaction (the
 * zone row locked, our records and PowerDNS's rewritten together), refused when the records changed since the preview,
 * and writes a history line.
 */
@Injectable()
export class DnsToolsService {
  private readonly logger = new Logger(DnsToolsService.name);

  constructor(
    private readonly zones: ZoneRepository,
    private readonly domainOps: DomainOpsPort,
    private readonly config: DnsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly dnssec: DnssecService,
  ) {}

  private async owned(userId: number, id: number): Promise<OwnedDomainDto> {
    const d = Number.isSafeInteger(id) && id > 0 ? await this.domainOps.owned(userId, id) : null;
    if (!d) throw new DnsException(DnsErrorCode.NotFound, 'no such domain');
    return d;
  }

  private async current(d: OwnedDomainDto): Promise<DnsRecord[]> {
    const zone = await this.zones.zoneById(d.id);
    return zone && zone.punycode === d.punycode ? this.zones.records(d.id) : [];
  }

  private get maxRecords(): number {
    return this.config.DNS_IMPORT_MAX_RECORDS;
  }

  /** GET mypage/domain/{id}/zone: the zone as a BIND file (SOA and NS of our name servers, DS as comments). */
  async exportZone(userId: number, id: number): Promise<ZoneFileDto> {
    const d = await this.owned(userId, id);
    const zone = await this.zones.zoneById(d.id);
    const records = await this.current(d);
    const serial = zone?.served && zone.punycode === d.punycode ? zone.serial : Math.floor(this.clock.now().getTime() / 1000);
    const exportedAt = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }).format(this.clock.now());
    return { zone: d.punycode, filename: `${d.punycode}.zone`, text: serializeZone(d.punycode, records, { serial, exportedAt }) };
  }

  private planImport(d: OwnedDomainDto, parsed: ZoneFileParse, existing: DnsRecord[]): ImportPlan {
    const errors: DnsLineIssueDto[] = [...parsed.errors];
    const ds = existing.filter((r) => r.recode_type === DNS_TYPE.DS);
    const inputs = parsed.records.map((r) => r.input);
    // the lines that were read are checked by the form's rules too, so that every error shows at once
    for (const e of validateDnsRecords([...inputs, ...ds], d.punycode, { maxRecords: this.maxRecords })) {
      if (e.index < 0) errors.push({ line: 0, message: e.message });
      else if (e.index < inputs.length) errors.push({ line: parsed.records[e.index].line, message: e.message });
    }
    errors.sort((a, b) => a.line - b.line);
    const after = normaliseAll(inputs, d.punycode);
    const changes = errors.length ? [] : diffRecords(existing.filter((r) => r.recode_type !== DNS_TYPE.DS), after.map((record, i) => ({ record, line: parsed.records[i].line })));
    // one message per line and problem (a row may break two rules)
    const seen = new Set<string>();
    const unique = errors.filter((e) => !seen.has(`${e.line}|${e.message}`) && !!seen.add(`${e.line}|${e.message}`));
    return { errors: unique, skipped: parsed.skipped, changes, result: [...after, ...ds] };
  }

  private checkText(text: unknown): string {
    const s = typeof text === 'string' ? text : '';
    if (Buffer.byteLength(s, 'utf8') > ZONE_FILE_MAX_BYTES) throw new DnsException(DnsErrorCode.Invalid, fmt(M.zoneFileTooLarge, { max: ZONE_FILE_MAX_BYTES / 1024 / 1024 }));
    return s;
  }

  async importPreview(req: ZoneImportRpcRequest): Promise<ZoneImportPreview> {
    const d = await this.owned(req.userId, Number(req.id));
    const text = this.checkText(req.text);
    const existing = await this.current(d);
    const base = recordsBase(existing);
    if (!text.trim()) return { ok: false, errors: [{ line: 0, message: M.zoneFileEmpty }], skipped: [], changes: [], counts: { add: 0, change: 0, remove: 0, same: 0 }, base };
    const plan = this.planImport(d, parseZoneFile(text, d.punycode), existing);
    return {
      ok: plan.errors.length === 0,
      errors: plan.errors,
      skipped: plan.skipped,
      changes: plan.changes.map((c) => toDto(c, d.punycode)),
      counts: { add: count(plan.changes, 'add'), change: count(plan.changes, 'change'), remove: count(plan.changes, 'remove'), same: count(plan.changes, 'same') },
      base,
    };
  }

  /** The import, all or nothing: any line error and nothing is written; otherwise one transaction replaces the records. */
  async importApply(req: ZoneImportRpcRequest): Promise<DnsToolsApplyResult> {
    const d = await this.owned(req.userId, Number(req.id));
    const refused = this.operable(d);
    if (refused) return refused;
    const text = this.checkText(req.text);
    if (!text.trim()) return { result: false, errors: [M.zoneFileEmpty] };
    let plan: ImportPlan | null = null;
    // the file is read before the zone is locked; the rules and the diff run on the locked records
    const parsed = parseZoneFile(text, d.punycode);
    const outcome = await this.write(d, req.base, (existing) => {
      plan = this.planImport(d, parsed, existing);
      if (plan.errors.length) return { errors: [M.zoneFileHasErrors, ...plan.errors.map((e) => (e.line ? fmt(M.dnsRowPrefix, { n: e.line, message: e.message }) : e.message))] };
      return { records: plan.result };
    });
    if (outcome) return outcome;
    const p = plan as unknown as ImportPlan;
    const counts = { add: count(p.changes, 'add'), change: count(p.changes, 'change'), remove: count(p.changes, 'remove') };
    await this.history(d, req.userId, fmt(M.dnsHistoryImport, counts));
    return { result: true, errors: [], message: fmt(M.zoneImported, counts), counts };
  }

  private planFor(d: OwnedDomainDto, req: TemplateRpcRequest, existing: DnsRecord[]) {
    const t = dnsTemplate(req.template);
    if (!t) throw new DnsException(DnsErrorCode.Invalid, M.dnsTemplateUnknown);
    const params = req.params && typeof req.params === 'object' ? req.params : {};
    const fieldErrors = validateTemplateParams(t, params);
    if (Object.keys(fieldErrors).length) return { t, fieldErrors, plan: null };
    return { t, fieldErrors, plan: planTemplate(existing, templateRecords(t, params, d.punycode), d.punycode, { maxRecords: this.maxRecords }) };
  }

  async templatePreview(req: TemplateRpcRequest): Promise<TemplatePreview> {
    const d = await this.owned(req.userId, Number(req.id));
    const existing = await this.current(d);
    const base = recordsBase(existing);
    const { fieldErrors, plan } = this.planFor(d, req, existing);
    if (!plan) return { ok: false, errors: [], fieldErrors, changes: [], counts: { add: 0, change: 0, same: 0 }, base };
    return {
      ok: plan.errors.length === 0,
      errors: plan.errors,
      fieldErrors,
      changes: plan.changes.map((c) => toDto(c, d.punycode)),
      counts: { add: count(plan.changes, 'add'), change: count(plan.changes, 'change'), same: count(plan.changes, 'same') },
      base,
    };
  }

  async templateApply(req: TemplateRpcRequest): Promise<DnsToolsApplyResult> {
    const d = await this.owned(req.userId, Number(req.id));
    const refused = this.operable(d);
    if (refused) return refused;
    let name = '';
    let counts = { add: 0, change: 0, remove: 0 };
    const outcome = await this.write(d, req.base, (existing) => {
      const { t, fieldErrors, plan } = this.planFor(d, req, existing);
      name = t.name;
      if (!plan) return { errors: Object.values(fieldErrors) };
      if (plan.errors.length) return { errors: [M.dnsTemplateRefused, ...plan.errors] };
      counts = { add: count(plan.changes, 'add'), change: count(plan.changes, 'change'), remove: 0 };
      if (!counts.add && !counts.change) return { errors: [M.dnsTemplateNothing] };
      return { records: plan.result };
    });
    if (outcome) return outcome;
    await this.history(d, req.userId, fmt(M.dnsHistoryTemplate, { name, add: counts.add, change: counts.change }));
    return { result: true, errors: [], message: fmt(M.dnsTemplateApplied, { name, add: counts.add, change: counts.change }), counts };
  }

  /** The same refusals as the DNS form's save (admin lock, WHOIS change in progress). */
  private operable(d: OwnedDomainDto): DnsToolsApplyResult | null {
    if (d.admin_lock_status !== 0) return { result: false, errors: [M.adminLocked] };
    if (d.is_whois_processing_flg !== 0) return { result: false, errors: [M.whoisProcessing] };
    return null;
  }

  /**
   * One transaction: the zone row locked, the records read again and compared with the preview's base, the new list
   * planned from them, then our records and PowerDNS's rewritten. The DS set is unchanged (no EPP command): the DS
   * state last sent to the registry is kept as it was.
   */
  private async write(d: OwnedDomainDto, base: string | undefined, plan: (existing: DnsRecord[]) => { records?: DnsRecord[]; errors?: string[] }): Promise<DnsToolsApplyResult | null> {
    const serve = shouldServe(d, this.clock.now());
    const tx = () => this.zones.transaction(async (m): Promise<DnsToolsApplyResult | null> => {
      const zone = await this.zones.lockZone(m, d.id, d.punycode);
      const existing = await this.zones.records(d.id, m);
      if (base && base !== recordsBase(existing)) return { result: false, errors: [M.zoneFileChangedSince] };
      const p = plan(existing);
      if (!p.records) return { result: false, errors: p.errors ?? [M.errorOccurred] };
      const records = p.records;
      await this.zones.replaceRecords(m, d.id, records, zone.ds ?? dsOf(records));
      if (zone.ds === null) await m.query(`UPDATE dns.zones SET ds = 'null'::jsonb WHERE domain_pk_id = $1`, [d.id]);
      await this.zones.publish(m, zone, records, serve, this.clock.now());
      return null;
    });
    // a signed zone this write stops serving takes its keys with it: its DS leaves the registry first, under the
    // domain's DNSSEC lock; a registry keeping the DS refuses the write (nothing changed) with what to do
    let refused: DnsToolsApplyResult | null;
    if (serve) refused = await tx();
    else {
      const r = await this.dnssec.memberSaveUnserving(d, tx);
      refused = r.ok ? r.value : { result: false, errors: [r.message] };
    }
    // a signed zone is rectified after the commit, as after a save in the DNS form (empty non-terminals get their
    // NSEC3 rows, delegations lose their signatures); without it a validating resolver got wrong denials
    if (!refused && serve) await this.dnssec.afterPublish(d.punycode);
    return refused;
  }

  private async history(d: OwnedDomainDto, userId: number, content: string): Promise<void> {
    try {
      await this.domainOps.writeHistory({
        userId, domainId: d.id, domainName: d.name, actionId: ActionCodes.Dns, subject: M.dnsHistorySubject, content,
        dedupeKey: `dns-tools:${d.id}:${randomUUID()}`,
      });
    } catch (e) {
      // the records are saved; a lost history line is logged, never a reason to report the save as failed
      this.logger.error(`history line for ${d.punycode} not written: ${(e as Error)?.message}`);
    }
  }
}
