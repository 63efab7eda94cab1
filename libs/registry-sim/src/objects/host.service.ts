import { arr, attr, leaf, NS, text } from '@registrar/epp';
import type { SystemClock } from '@registrar/infra';
import { validAsciiName } from '../names/name-rules';
import type { RegistryRepository } from '../persistence/registry.repository';
import { ok, Reply, SimError } from '../epp/sim-reply';
import { writeHostInfData } from '../epp/xml-writers';
import type { CommandSession } from '../domain/session';

const H = NS.host;
const CLIENT = new Set(['clientDeleteProhibited', 'clientUpdateProhibited']);
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** RFC 5732 host objects. Hosts below a domain of this registry need addresses and belong to that domain's sponsor. */
export class HostService {
  constructor(private readonly repo: RegistryRepository, private readonly clock: SystemClock) {}

  private name(v: unknown): string {
    const n = (text(v) ?? '').trim().toLowerCase();
    if (!n) throw new SimError(2003, 'host name missing');
    if (/[^\x00-\x7f]/.test(n)) throw new SimError(2005, 'host names are exchanged as A-labels (xn--), not U-labels');
    if (!validAsciiName(n)) throw new SimError(2005, 'invalid host name (at most 253 characters of letters, digits and hyphens)');
    return n;
  }

  private addrs(list: unknown): Array<{ ip: 'v4' | 'v6'; address: string }> {
    return arr<any>(list).map((a) => {
      const ip = (attr(a, 'ip') ?? 'v4') as 'v4' | 'v6';
      const address = (text(a) ?? '').trim().toLowerCase();
      if (ip === 'v4' ? !IPV4.test(address) : !/^[0-9a-f:.]+$/.test(address) || !address.includes(':')) throw new SimError(2005, `invalid ${ip === 'v6' ? 'v6' : 'v4'} address`);
      return { ip, address };
    });
  }

  async check(el: any): Promise<Reply> {
    const names = arr(el?.name).map((n) => (text(n) ?? '').trim().toLowerCase());
    if (!names.length) throw new SimError(2003, 'no names');
    if (names.some((n) => n.length > 255)) throw new SimError(2005, 'host:name is longer than 255 characters');
    if (names.length > 50) throw new SimError(2306, 'at most 50 names per check');
    const existing = await this.repo.existingHosts(this.repo.db, names);
    return ok((rd) => {
      const c = rd.ele(H, 'host:chkData');
      for (const n of names) {
        const cd = c.ele(H, 'host:cd');
        leaf(cd, H, 'host:name', n, { avail: existing.has(n) ? '0' : '1' });
        if (existing.has(n)) leaf(cd, H, 'host:reason', 'In use');
      }
    });
  }

  async create(el: any, s: CommandSession): Promise<Reply> {
    const name = this.name(el?.name);
    const addrs = this.addrs(el?.addr);
    return this.repo.transaction(async (q) => {
      if (await this.repo.findHost(q, name)) throw new SimError(2302, `host ${name} exists`);
      const parent = await this.repo.findDomain(q, name.split('.').slice(1).join('.'));
      if (parent) {
        if (parent.clId !== s.clId) throw new SimError(2201, `${parent.name} is sponsored by another registrar`);
        if (!addrs.length) throw new SimError(2003, 'a host below a domain of this registry needs an address');
      } else if (addrs.length) throw new SimError(2306, 'an external host takes no addresses');
      const now = this.clock.now();
      await this.repo.insertHost(q, { name, roid: await this.repo.nextRoid(q, 'SIMH'), clId: s.clId, crId: s.clId, crDate: now, upId: null, upDate: null, addrs, statuses: [] });
      return ok((rd) => {
        const c = rd.ele(H, 'host:creData');
        leaf(c, H, 'host:name', name);
        leaf(c, H, 'host:crDate', now.toISOString());
      });
    });
  }

  async info(el: any): Promise<Reply> {
    const name = this.name(el?.name);
    const h = await this.repo.findHost(this.repo.db, name);
    if (!h) throw new SimError(2303, `host ${name} does not exist`);
    const linked = (await this.repo.domainsUsingHost(this.repo.db, name)).length > 0;
    const statuses = [...h.statuses, ...(linked ? ['linked'] : [])];
    return ok((rd) => writeHostInfData(rd, h, statuses.length ? statuses : ['ok']));
  }

  async update(el: any, s: CommandSession): Promise<Reply> {
    const name = this.name(el?.name);
    return this.repo.transaction(async (q) => {
      const h = await this.repo.findHost(q, name);
      if (!h) throw new SimError(2303, `host ${name} does not exist`);
      if (h.clId !== s.clId) throw new SimError(2201, 'host sponsored by another registrar');
      const addSt = arr(el.add?.status).map((x: any) => attr(x, 's')!);
      const remSt = arr(el.rem?.status).map((x: any) => attr(x, 's')!);
      for (const st of [...addSt, ...remSt]) if (!CLIENT.has(st)) throw new SimError(2306, `status ${st} cannot be set by a registrar`);
      if (h.statuses.includes('clientUpdateProhibited') && !remSt.includes('clientUpdateProhibited')) throw new SimError(2304, 'clientUpdateProhibited is set');
      const rem = this.addrs(el.rem?.addr);
      const addrs = [...h.addrs.filter((a) => !rem.some((r) => r.address === a.address)), ...this.addrs(el.add?.addr)];
      const newName = el.chg?.name !== undefined ? this.name(el.chg.name) : undefined;
      if (newName && newName !== name) {
        if (await this.repo.findHost(q, newName)) throw new SimError(2302, `host ${newName} exists`);
        if ((await this.repo.domainsUsingHost(q, name)).length) throw new SimError(2305, 'a linked host cannot be renamed here');
      }
      await this.repo.updateHost(q, name, { addrs, statuses: [...new Set([...h.statuses.filter((x) => !remSt.includes(x)), ...addSt])], upDate: this.clock.now(), upId: s.clId, ...(newName ? { name: newName } : {}) });
      return ok();
    });
  }

  async delete(el: any, s: CommandSession): Promise<Reply> {
    const name = this.name(el?.name);
    return this.repo.transaction(async (q) => {
      const h = await this.repo.findHost(q, name);
      if (!h) throw new SimError(2303, `host ${name} does not exist`);
      if (h.clId !== s.clId) throw new SimError(2201, 'host sponsored by another registrar');
      if (h.statuses.includes('clientDeleteProhibited')) throw new SimError(2304, 'clientDeleteProhibited is set');
      const users = await this.repo.domainsUsingHost(q, name);
      if (users.length) throw new SimError(2305, `host is used by ${users[0]}`);
      await this.repo.deleteHost(q, name);
      return ok();
    });
  }
}
