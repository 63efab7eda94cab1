import { Inject, Injectable, Logger } from '@nestjs/common';
import { domainToASCII } from 'node:url';
import { EPP_CLIENT, EppClientPool } from '@registrar/epp';
import { CLOCK, Clock } from '@registrar/infra';
import { DomainListRepository, insertPortfolio, portfolio, SeedDomain } from '../portfolio';
import { ContactsRepository } from '../shared/contacts/contacts.repository';
import { RegistrySyncService } from './registry-sync.service';

const DAY = 86_400_000;

export interface DemoSeedResult {
  inserted: number;
  /** the start-up check of an existing portfolio: compared, repaired, still differing */
  checked?: number;
  repaired?: number;
  failed?: number;
}

/**
 * The demo portfolio through the registry (docs/registry-sync.md): names the registry reports as free (a name another
 * registrar holds is renamed), contacts made at the registry (the member's person, an organisation per .co.jp, the
 * proxy's own contact), each domain registered by EPP create with its name servers, lock and contacts, and its past
 * dates set by the simulator's operator channel. An existing portfolio is checked against the registry and repaired.
 */
@Injectable()
export class DemoRegistrySeeder {
  private readonly logger = new Logger('DemoPortfolio');

  constructor(
    private readonly sync: RegistrySyncService,
    private readonly list: DomainListRepository,
    private readonly contacts: ContactsRepository,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async seed(userId: number, count: number, onlyIfEmpty: boolean): Promise<DemoSeedResult> {
    if (onlyIfEmpty && (await this.list.countAll(userId)) > 0) {
      const r = await this.sync.checkAndRepair(userId);
      this.logger.log(`demo portfolio of member ${userId} against the registry: ${r.checked} checked, ${r.equal} agree, ${r.repaired} repaired, ${r.failed} still differ`);
      return { inserted: 0, ...r };
    }
    const now = this.clock.now();
    const tag = `d${userId}${now.getTime().toString(36).slice(-5)}`;
    const domains = portfolio(count, tag, now, userId).map((d) => ({
      ...d,
      // a name is created at least one registration period before it expires (the registry keeps both dates)
      createdAt: new Date(Math.min(d.createdAt.getTime(), d.dueDate.getTime() - 366 * DAY)),
    }));
    await this.freeAtRegistry(domains);
    const ids = await insertPortfolio((sql, params) => this.list.query(sql, params), userId, domains, { now });
    await this.attachContacts(userId, ids, domains);
    let failed = 0;
    const queue = ids.map((id, i) => ({ id, d: domains[i]! }));
    // a few at a time: the EPP pool has a handful of sessions
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          const r = await this.sync.resync(next.id, null);
          if (!r.comparison.equal) {
            failed++;
            this.logger.warn(`demo domain ${next.d.name} differs from the registry after seeding: ${r.comparison.rows.filter((x) => !x.equal).map((x) => x.field).join(', ')}`);
          }
        } catch (e) {
          failed++;
          this.logger.warn(`demo domain ${next.d.name} was not registered at the registry: ${(e as Error).message}`);
        }
      }
    }));
    await this.list.seedDemoLogs(userId, ids.slice(0, 12).map((id, i) => ({ id, name: domains[i]!.name })));
    return { inserted: ids.length, failed };
  }

  /** Renames the names the registry does not report as available (held by another registrar, reserved …). */
  private async freeAtRegistry(domains: SeedDomain[]): Promise<void> {
    const labels = new Map(domains.map((d) => [d, d.name.slice(0, -(d.tld.length + 1))]));
    for (let round = 0; round < 20; round++) {
      const results = await this.epp.checkBatch(domains.map((d) => d.punycode));
      const taken = new Set(results.filter((r) => !r.avail).map((r) => r.name.toLowerCase()));
      if (!taken.size) return;
      for (const d of domains) {
        if (!taken.has(d.punycode)) continue;
        d.name = `${labels.get(d)}${String.fromCharCode(97 + round)}.${d.tld}`;
        d.punycode = domainToASCII(d.name);
      }
    }
    throw new Error('the registry reports no free names for the demo portfolio');
  }

  /**
   * Non-proxied domains get the member's person contact (made once), each .co.jp its own organisation (the registry
   * allows one .co.jp per organisation); proxied domains use the proxy's own contact, made at the registry on create.
   */
  private async attachContacts(userId: number, ids: number[], domains: SeedDomain[]): Promise<void> {
    const base = {
      email: 'demo@example.com', first_name: 'Taro', last_name: 'Yamada', cc: 'JP', pc: '1040061', sp: 'Tokyo', city: 'Chuo-ku', street1: '1-2-3 Ginza', street2: null,
      phone_country_code: '81', phone: '0312345678', fax_country_code: null, fax: null,
    };
    const existing = (await this.contacts.listByUser(userId)).find((c) => c.role === 1);
    const person = existing ?? (await this.contacts.insert(userId, { ...base, role: 1, organization: null }));
    for (const [i, d] of domains.entries()) {
      if (d.proxy && d.tld !== 'co.jp') continue;
      let contactId = person.id;
      if (d.tld === 'co.jp') {
        const org = await this.contacts.insert(userId, { ...base, role: 2, organization: `Demo Shoji ${ids[i]} Co., Ltd.` });
        contactId = org.id;
      }
      await this.list.query(
        'UPDATE domain_ops.domains SET is_whois_proxy_enabled = false, reg_contact_id = $2, adm_contact_id = $3, tec_contact_id = $3, bil_contact_id = $3 WHERE id = $1',
        [ids[i], contactId, person.id],
      );
    }
  }
}
