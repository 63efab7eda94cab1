import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DnsDispatchResult, DnsDispatchRpcRequest, DnsErrorCode, DnsGetDataResult, DnsRecordDto, OwnedDomainDto, ZoneStateDto,
} from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError } from '@registrar/epp';
import { CLOCK, Clock } from '@registrar/infra';
import { DS, M, registryErrorMessage } from '@registrar/messages';
import {
  DNS_RECORD_TYPES, DnsRecord, DnsRecordInput, dnsErrorMessages, dsOf, fixedNsRecords, isOurDns, normaliseDnsRecord, validateDnsRecords,
} from '@registrar/rules';
import { DnsException } from '../common/dns.exception';
import { DnssecService, DsRemovalRefused } from '../dnssec/dnssec.service';
import { DomainOpsPort } from '../ports/domain-ops.port';
import { shouldServe } from './zone-content';
import { ZoneRepository, ZoneRow } from './zone.repository';

/** Records one dispatch may carry at most (the rules refuse more than DNS_MAX_RECORDS editable ones). */
const MAX_SUBMITTED = 1_000;

const dsKey = (ds: ZoneRow['ds'] | null) => (ds === null ? 'unknown' : JSON.stringify([...ds].map((d) => [d.keyTag, d.alg, d.digestType, d.digest.toUpperCase()]).sort()));

/** The registry refused the DS update: nothing is saved. */
class RegistryRefusal extends Error {
  constructor(override readonly cause: unknown) {
    super('registry refused the DS update');
  }
}

/**
 * A domain's DNS: the records the modal edits (getdata, dispatch), the zone PowerDNS serves for it (created, refreshed,
 * removed as the domain comes, changes name servers, moves away or expires), and its DS records at the registry.
 */
@Injectable()
export class ZoneService {
  private readonly logger = new Logger(ZoneService.name);

  constructor(
    private readonly zones: ZoneRepository,
    private readonly domainOps: DomainOpsPort,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly dnssec: DnssecService,
  ) {}

  private async ownedOrThrow(userId: number, id: number): Promise<OwnedDomainDto> {
    const d = Number.isSafeInteger(id) && id > 0 ? await this.domainOps.owned(userId, id) : null;
    if (!d) throw new DnsException(DnsErrorCode.NotFound, 'no such domain');
    return d;
  }

  /** GET mypage/domain/dns/getdata: the fixed NS records, then the member's, and the type choices. */
  async getData(userId: number, id: number): Promise<DnsGetDataResult> {
    const d = await this.ownedOrThrow(userId, id);
    const zone = await this.zones.zoneById(d.id);
    const records = zone && zone.punycode === d.punycode ? await this.zones.records(d.id) : [];
    return {
      contents: {
        formData: [...fixedNsRecords(), ...records] as DnsRecordDto[],
        recordType: DNS_RECORD_TYPES.map((t) => ({ ...t })),
        domain: { id: d.id, name: d.name, punycode: d.punycode, name_servers: d.name_servers },
        isOurDns: isOurDns(d.name_servers),
        served: !!zone?.served && zone.punycode === d.punycode,
      },
    };
  }

  /**
   * POST mypage/domain/dns/dispatch: the domain's full record list. Checked by the shared rules; in one transaction, with
   * the zone row locked, a changed DS set goes to the registry (EPP secDNS: all removed, the new set added; a refusal
   * saves nothing), then our records and PowerDNS's are written in the same
   * transaction, so the new records are answered as soon as this returns.
   */
  async dispatch(req: DnsDispatchRpcRequest): Promise<DnsDispatchResult> {
    const ids = Array.isArray(req?.domains) ? req.domains.map(Number) : [];
    if (ids.length !== 1) return { result: false, errors: [M.selectDomain] };
    const d = await this.ownedOrThrow(req.userId, ids[0]);
    // an operator's admin lock refuses every change of the domain (reading its records stays allowed)
    if (d.admin_lock_status !== 0) return { result: false, errors: [M.adminLocked] };
    // the domain's operations are blocked while its WHOIS change is in progress (001 "WHOIS flag per domain")
    if (d.is_whois_processing_flg !== 0) return { result: false, errors: [M.whoisProcessing] };
    const submitted = (Array.isArray(req.saveData) ? req.saveData : []).slice(0, MAX_SUBMITTED + 1) as DnsRecordInput[];
    if (submitted.length > MAX_SUBMITTED) return { result: false, errors: [M.dnsTooMany.replace('{max}', String(MAX_SUBMITTED))] };
    const fieldErrors = validateDnsRecords(submitted, d.punycode);
    if (fieldErrors.length) return { result: false, errors: dnsErrorMessages(fieldErrors), fieldErrors };
    const records: DnsRecord[] = submitted.map((r) => normaliseDnsRecord(r, d.punycode)).filter((r) => !r.fixed).map(({ id: _id, fixed: _f, ...r }) => r);
    const ds = dsOf(records);
    // while DNSSEC is on (signed by us or DS entered in its panel) the registry's DS is the panel's, not the records'
    const dsByPanel = await this.dnssec.dsManagedHere(d.id);
    if (dsByPanel && ds.length) return { result: false, errors: [DS.managedByPanel] };
    const conflicts = await this.zones.extraConflicts(d.id, d.punycode, records);
    if (conflicts.length) return { result: false, errors: conflicts };

    // "use our name servers": the name-server operation starts first (a refusal saves nothing); once its job has
    // changed them at the registry, domain-ops queues SyncZone and these records are served
    const wantsOurs = [true, 1, '1'].includes(req.editNameServer as never) && !isOurDns(d.name_servers);
    let nameServerJobId: string | undefined;
    if (wantsOurs) {
      const started = await this.domainOps.useOurNameServers(req.userId, d.id);
      if (!started.result || !started.jobId) {
        const reasons = [...started.errors, ...started.domains.map((r) => r.message).filter((m): m is string => !!m)];
        return { result: false, errors: reasons.length ? reasons : [M.errorOccurred] };
      }
      nameServerJobId = started.jobId;
    }
    const serve = shouldServe(d, this.clock.now());
    const write = async (): Promise<DnsDispatchResult | null> => {
      try {
        await this.zones.transaction(async (m) => {
          // the zone row is locked: two saves of one domain run one after the other, DS included
          const zone = await this.zones.lockZone(m, d.id, d.punycode);
          if (!dsByPanel && dsKey(zone.ds) !== dsKey(ds)) {
            try {
              await this.epp.update({ name: d.punycode, secDNS: ds.length ? { remAll: true, add: ds } : { remAll: true } }, { userId: req.userId, domainPkid: d.id });
            } catch (e) {
              throw new RegistryRefusal(e);
            }
          }
          await this.zones.replaceRecords(m, d.id, records, ds);
          await this.zones.publish(m, zone, records, serve, this.clock.now());
        });
      } catch (e) {
        if (!(e instanceof RegistryRefusal)) throw e;
        // the registry may have applied it all the same (an answer lost): the next save sends its DS set whatever it is
        await this.zones.markDsUnknown(d.id);
        this.logger.warn(`secDNS update of ${d.punycode}: ${(e.cause as Error)?.message}`);
        return { result: false, errors: [e.cause instanceof EppError ? `${M.dnsRegistryDsFailed} ${registryErrorMessage(e.cause.code)}` : M.dnsRegistryDsFailed] };
      }
      return null;
    };
    // a signed zone this save stops serving takes its keys with it: its DS leaves the registry first, under the
    // domain's DNSSEC lock; a registry keeping the DS refuses the save (nothing changed) with what to do
    let refused: DnsDispatchResult | null;
    if (serve) refused = await write();
    else {
      const r = await this.dnssec.memberSaveUnserving(d, write);
      refused = r.ok ? r.value : { result: false, errors: [r.message] };
    }
    if (refused) return refused;
    if (serve) await this.dnssec.afterPublish(d.punycode);
    const saved = await this.zones.records(d.id);
    return { result: true, errors: [], formData: [...fixedNsRecords(), ...saved] as DnsRecordDto[], served: serve, ...(nameServerJobId ? { nameServerJobId } : {}) };
  }

  /**
   * Brings the zone of a name in line with its domain: served while we hold it, registered, on our name servers and
   * not expired; unserved (records kept) otherwise; dropped with its records once we no longer hold the name.
   */
  async sync(punycode: string, known?: OwnedDomainDto | null): Promise<ZoneStateDto> {
    const name = punycode.trim().toLowerCase();
    const d = known !== undefined ? known : ((await this.domainOps.byNames([name]))[0] ?? null);
    const now = this.clock.now();
    const serving = await this.zones.zoneByName(name);
    const write = () => this.zones.transaction(async (m) => {
      if (!d) return this.zones.dropZone(m, name);
      const zone = await this.zones.lockZone(m, d.id, d.punycode);
      const serve = shouldServe(d, now);
      if (!serve && !zone.served) return;
      await this.zones.publish(m, zone, await this.zones.records(d.id, m), serve, now);
    });
    if (serving?.served && (!d || !shouldServe(d, now))) {
      // a signed zone about to stop being served: its DS leaves the registry first (its keys go with PowerDNS's rows),
      // under the domain's DNSSEC lock; while the registry keeps the DS the zone stays served and signed (the
      // reconciliation tries again), never a DS left pointing at keys that are gone
      try {
        await this.dnssec.leaving(serving.domainPkId, name, !!d && d.id === serving.domainPkId, write);
      } catch (e) {
        if (!(e instanceof DsRemovalRefused)) throw e;
        return this.state(name);
      }
    } else await write();
    if (d && shouldServe(d, now)) await this.dnssec.afterPublish(name);
    return this.state(name);
  }

  /**
   * Every zone we have and every held domain checked against each other (expiry passing, a move or name-server change
   * whose event was lost, domains registered before this service); only zones whose serving must change are written.
   */
  async reconcile(): Promise<{ checked: number; changed: number }> {
    let checked = 0;
    let changed = 0;
    const now = this.clock.now();
    const seen = new Set<string>();
    for (let after = 0; ;) {
      const page = await this.domainOps.page(after, 1000);
      if (!page.length) break;
      after = page[page.length - 1].id;
      for (const d of page) {
        seen.add(d.punycode);
        checked++;
        const zone = await this.zones.zoneByName(d.punycode);
        const serve = shouldServe(d, now);
        if ((zone?.served ?? false) !== serve || (zone && zone.domainPkId !== d.id)) {
          await this.sync(d.punycode, d);
          changed++;
        }
      }
    }
    // zones of names we no longer hold
    for (let after = ''; ;) {
      const names = await this.zones.zoneNames(after, 1000);
      if (!names.length) break;
      after = names[names.length - 1];
      const gone = names.filter((n) => !seen.has(n));
      if (!gone.length) continue;
      const held = new Set((await this.domainOps.byNames(gone)).map((d) => d.punycode));
      for (const n of gone) {
        if (held.has(n)) continue;
        checked++;
        await this.sync(n, null);
        changed++;
      }
    }
    // DNSSEC second steps whose job was lost (rollover's old key, disabling's signatures)
    changed += await this.dnssec.finishDue();
    if (changed) this.logger.log(`reconciled zones: ${checked} checked, ${changed} changed`);
    return { checked, changed };
  }

  /** The records of a domain (our table), fixed NS excluded; none when it has no zone. */
  async records(domainPkId: number): Promise<DnsRecordDto[]> {
    return (await this.zones.records(domainPkId)) as DnsRecordDto[];
  }

  async state(punycode: string): Promise<ZoneStateDto> {
    const zone = await this.zones.zoneByName(punycode);
    return { punycode, served: !!zone?.served, serial: zone?.served ? zone.serial : null, records: zone?.served ? await this.zones.servedCount(punycode) : 0 };
  }
}
