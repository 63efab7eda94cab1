import { arr, attr, leaf, NS, parsePostalInfo, text } from '@registrar/epp';
import type { SystemClock } from '@registrar/infra';
import type { ContactData, RegistryRepository } from '../persistence/registry.repository';
import { ok, Reply, SimError } from '../epp/sim-reply';
import { writeContactInfData } from '../epp/xml-writers';
import type { CommandSession } from '../domain/session';

const C = NS.contact;
const CLIENT = new Set(['clientDeleteProhibited', 'clientTransferProhibited', 'clientUpdateProhibited']);

/** RFC 5733 contact objects (check, create, info, update, delete). */
export class ContactService {
  constructor(private readonly repo: RegistryRepository, private readonly clock: SystemClock) {}

  private id(v: unknown): string {
    const id = (text(v) ?? '').trim();
    if (!/^[A-Za-z0-9_.-]{3,16}$/.test(id)) throw new SimError(2005, 'contact id must be 3-16 characters of letters, digits, _ . -');
    return id;
  }

  private postal(list: unknown): ContactData['postalInfo'] {
    const p = arr<any>(list).map(parsePostalInfo);
    for (const x of p) if (!x.name || !x.city || !x.cc || !/^[A-Z]{2}$/.test(x.cc)) throw new SimError(2005, 'postalInfo needs name, city and a two-letter country code');
    return p;
  }

  async check(el: any): Promise<Reply> {
    const ids = arr(el?.id).map((n) => (text(n) ?? '').trim());
    if (!ids.length) throw new SimError(2003, 'no ids');
    // an id outside the schema's clIDType (3-16 characters) is refused, never echoed into the reply
    if (ids.some((id) => id.length < 3 || id.length > 16)) throw new SimError(2005, 'contact id must be 3-16 characters');
    if (ids.length > 50) throw new SimError(2306, 'at most 50 ids per check');
    const existing = await this.repo.existingContacts(this.repo.db, ids);
    return ok((rd) => {
      const c = rd.ele(C, 'contact:chkData');
      for (const id of ids) {
        const cd = c.ele(C, 'contact:cd');
        leaf(cd, C, 'contact:id', id, { avail: existing.has(id) ? '0' : '1' });
        if (existing.has(id)) leaf(cd, C, 'contact:reason', 'In use');
      }
    });
  }

  async create(el: any, s: CommandSession): Promise<Reply> {
    const id = this.id(el?.id);
    const postalInfo = this.postal(el?.postalInfo);
    if (!postalInfo.length) throw new SimError(2003, 'postalInfo required');
    const email = text(el?.email);
    if (!email || !email.includes('@')) throw new SimError(2005, 'email required');
    const pw = text(el?.authInfo?.pw);
    if (!pw) throw new SimError(2003, 'authInfo required');
    return this.repo.transaction(async (q) => {
      if (await this.repo.findContact(q, id)) throw new SimError(2302, `contact ${id} exists`);
      const now = this.clock.now();
      await this.repo.insertContact(q, {
        id, roid: await this.repo.nextRoid(q, 'SIMC'), clId: s.clId, crId: s.clId, crDate: now, upId: null, upDate: null, authInfo: pw,
        data: { postalInfo, voice: text(el.voice), voiceExt: attr(el.voice, 'x'), fax: text(el.fax), faxExt: attr(el.fax, 'x'), email }, statuses: [],
      });
      return ok((rd) => {
        const c = rd.ele(C, 'contact:creData');
        leaf(c, C, 'contact:id', id);
        leaf(c, C, 'contact:crDate', now.toISOString());
      });
    });
  }

  async info(el: any, s: CommandSession): Promise<Reply> {
    const id = this.id(el?.id);
    const c = await this.repo.findContact(this.repo.db, id);
    if (!c) throw new SimError(2303, `contact ${id} does not exist`);
    const pw = text(el?.authInfo?.pw);
    if (c.clId !== s.clId && pw !== undefined && pw !== c.authInfo) throw new SimError(2202, 'authInfo does not match');
    const full = c.clId === s.clId || pw === c.authInfo;
    const linked = (await this.repo.domainsUsingContact(this.repo.db, id)).length > 0;
    const st = [...c.statuses, ...(linked ? ['linked'] : [])];
    return ok((rd) => writeContactInfData(rd, c, st.length ? st : ['ok'], full));
  }

  async update(el: any, s: CommandSession): Promise<Reply> {
    const id = this.id(el?.id);
    return this.repo.transaction(async (q) => {
      const c = await this.repo.findContact(q, id);
      if (!c) throw new SimError(2303, `contact ${id} does not exist`);
      if (c.clId !== s.clId) throw new SimError(2201, 'contact sponsored by another registrar');
      const addSt = arr(el.add?.status).map((x: any) => attr(x, 's')!);
      const remSt = arr(el.rem?.status).map((x: any) => attr(x, 's')!);
      for (const st of [...addSt, ...remSt]) if (!CLIENT.has(st)) throw new SimError(2306, `status ${st} cannot be set by a registrar`);
      if (c.statuses.includes('clientUpdateProhibited') && !remSt.includes('clientUpdateProhibited')) throw new SimError(2304, 'clientUpdateProhibited is set');
      const chg = el.chg ?? {};
      const postalInfo = chg.postalInfo ? this.postal(chg.postalInfo) : undefined;
      const data: ContactData = {
        postalInfo: postalInfo ? [...c.data.postalInfo.filter((p) => !postalInfo.some((n) => n.type === p.type)), ...postalInfo] : c.data.postalInfo,
        voice: chg.voice !== undefined ? text(chg.voice) : c.data.voice,
        voiceExt: chg.voice !== undefined ? attr(chg.voice, 'x') : c.data.voiceExt,
        fax: chg.fax !== undefined ? text(chg.fax) : c.data.fax,
        faxExt: chg.fax !== undefined ? attr(chg.fax, 'x') : c.data.faxExt,
        email: chg.email !== undefined ? text(chg.email)! : c.data.email,
      };
      const pw = chg.authInfo !== undefined ? text(chg.authInfo.pw) : undefined;
      await this.repo.updateContact(q, id, { data, statuses: [...new Set([...c.statuses.filter((x) => !remSt.includes(x)), ...addSt])], upDate: this.clock.now(), upId: s.clId, ...(pw ? { authInfo: pw } : {}) });
      return ok();
    });
  }

  async delete(el: any, s: CommandSession): Promise<Reply> {
    const id = this.id(el?.id);
    return this.repo.transaction(async (q) => {
      const c = await this.repo.findContact(q, id);
      if (!c) throw new SimError(2303, `contact ${id} does not exist`);
      if (c.clId !== s.clId) throw new SimError(2201, 'contact sponsored by another registrar');
      if (c.statuses.includes('clientDeleteProhibited')) throw new SimError(2304, 'clientDeleteProhibited is set');
      const users = await this.repo.domainsUsingContact(q, id);
      if (users.length) throw new SimError(2305, `contact is used by ${users[0]}`);
      await this.repo.deleteContact(q, id);
      return ok();
    });
  }
}
