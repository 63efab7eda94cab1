import { arr, attr, NS, nsOf, parseXmlDocument, text, XmlParseError } from '@registrar/epp';
import type { XmlDocument } from '@registrar/epp';
import type { SystemClock } from '@registrar/infra';
import type { DomainService } from '../domain/domain.service';
import type { HostService } from '../objects/host.service';
import type { ContactService } from '../objects/contact.service';
import type { RegistryRepository } from '../persistence/registry.repository';
import type { CommandSession } from '../domain/session';
import { ok, Reply, SimError } from './sim-reply';
import * as W from './xml-writers';

export interface SessionState {
  clId?: string;
  failedLogins: number;
}

const SUPPORTED_OBJ = new Set<string>([NS.domain, NS.host, NS.contact]);
const SUPPORTED_EXT = new Set<string>([NS.rgp, NS.secDNS]);

/** RFC 5730 trIDStringType: a token of 3 to 64 characters. */
function validClTRID(v: string): boolean {
  return v.length >= 3 && v.length <= 64 && !/[\t\n\r]|^ | $|  /.test(v);
}

/** Serialises writes: one mutating command at a time (reads run freely). */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export interface Dispatched {
  reply: Reply;
  clTRID?: string;
  /** "domain:check", "login", … for the service-time statistics */
  command: string;
  greeting?: boolean;
}

/** Parses a command frame and routes it to the object services; the session state is per connection. */
export class CommandDispatcher {
  private readonly writes = new Mutex();

  constructor(
    private readonly registrars: Map<string, string>,
    private readonly domains: DomainService,
    private readonly hosts: HostService,
    private readonly contacts: ContactService,
    private readonly repo: RegistryRepository,
    private readonly clock: SystemClock,
    private readonly sessionsOf: (clId: string) => number,
    private readonly maxSessions: number,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async dispatch(xml: string, state: SessionState, svTRID: string): Promise<Dispatched> {
    // bytes that were not UTF-8 were decoded as U+FFFD: the frame is not a valid XML document (RFC 5730 §2.4)
    if (xml.includes('\uFFFD')) return { reply: { code: 2001, reason: 'the frame is not valid UTF-8' }, command: 'invalid' };
    let doc: XmlDocument;
    try {
      doc = parseXmlDocument(xml);
    } catch (e) {
      // the reason names the position only, never the offending input
      return { reply: { code: 2001, reason: e instanceof XmlParseError ? e.message.slice(0, 200) : 'not well-formed XML' }, command: 'invalid' };
    }
    if (doc.rootNs !== NS.epp || doc.root !== 'epp') return { reply: { code: 2001, reason: 'the root element is not <epp> in the EPP namespace' }, command: 'invalid' };
    const epp = doc.tree;
    if (!epp || typeof epp !== 'object') return { reply: { code: 2001, reason: 'not an EPP frame' }, command: 'invalid' };
    if (epp.hello !== undefined) return { reply: { code: 1000 }, command: 'hello', greeting: true };
    const cmd = epp.command;
    if (!cmd || typeof cmd !== 'object') return { reply: { code: 2001, reason: 'expected <hello> or <command>' }, command: 'invalid' };
    const rawClTRID = cmd.clTRID === undefined ? undefined : text(cmd.clTRID) ?? '';
    // a clTRID outside the schema's type is a syntax error, and is not echoed (the reply would not validate)
    if (rawClTRID !== undefined && !validClTRID(rawClTRID)) return { reply: { code: 2001, reason: 'clTRID must be a token of 3 to 64 characters' }, command: 'invalid' };
    const clTRID = rawClTRID;
    const verb = ['login', 'logout', 'poll', 'check', 'info', 'create', 'delete', 'renew', 'transfer', 'update'].find((v) => cmd[v] !== undefined);
    if (!verb) return { reply: { code: 2000 }, clTRID, command: 'unknown' };
    // namespaces as the parser resolved them on the elements (never read from the raw text)
    const objNs = nsOf(this.objectOf(cmd[verb]));
    const obj = verb === 'login' || verb === 'logout' || verb === 'poll' ? undefined : (['domain', 'host', 'contact'] as const).find((o) => NS[o] === objNs);
    const unknownNs = [...doc.namespaces].find((u) => u !== NS.epp && u !== 'http://www.w3.org/2001/XMLSchema-instance' && !SUPPORTED_OBJ.has(u) && !SUPPORTED_EXT.has(u));
    const extNs = cmd.extension && typeof cmd.extension === 'object' ? Object.keys(cmd.extension).filter((k) => !k.startsWith('@')).map((k) => nsOf(arr(cmd.extension[k])[0])) : [];
    const command = obj ? `${obj}:${verb}${verb === 'transfer' ? ':' + attr(cmd.transfer, 'op') : ''}` : verb === 'poll' ? `poll:${attr(cmd.poll, 'op')}` : verb;
    try {
      if (unknownNs && verb !== 'login') throw new SimError(extNs.includes(unknownNs) ? 2103 : 2307, 'a namespace of the command is not a service of this registry');
      const reply = await this.run(verb, obj, cmd, state, { clId: state.clId ?? '', clTRID, svTRID });
      return { reply, clTRID, command };
    } catch (e) {
      if (e instanceof SimError) return { reply: { code: e.code, reason: e.reason }, clTRID, command };
      throw e;
    }
  }

  /** the object element below a verb: <check><domain:check>… (its namespace was read from the frame) */
  private objectOf(verbEl: any): any {
    if (!verbEl || typeof verbEl !== 'object') return undefined;
    const k = Object.keys(verbEl).find((x) => !x.startsWith('@'));
    return k ? verbEl[k] : undefined;
  }

  private async run(verb: string, obj: 'domain' | 'host' | 'contact' | undefined, cmd: any, state: SessionState, s: CommandSession): Promise<Reply> {
    if (verb === 'login') return this.login(cmd.login, state);
    if (!state.clId) throw new SimError(2002, 'log in first');
    if (verb === 'logout') return { code: 1500, close: true };
    if (verb === 'poll') return this.poll(cmd.poll, s);
    if (!obj) throw new SimError(2307, 'unknown object namespace');
    const el = this.objectOf(cmd[verb]);
    const ext = cmd.extension;
    const read = verb === 'check' || verb === 'info' || (verb === 'transfer' && attr(cmd.transfer, 'op') === 'query');
    const go = async (): Promise<Reply> => {
      if (obj === 'domain') {
        switch (verb) {
          case 'check': return this.domains.check(el);
          case 'info': return this.domains.info(el, s);
          case 'create': return this.domains.create(el, ext, s);
          case 'delete': return this.domains.delete(el, s);
          case 'renew': return this.domains.renew(el, s);
          case 'transfer': return this.domains.transfer(attr(cmd.transfer, 'op') ?? '', el, s);
          case 'update': return this.domains.update(el, ext, s);
        }
      }
      if (obj === 'host') {
        switch (verb) {
          case 'check': return this.hosts.check(el);
          case 'info': return this.hosts.info(el);
          case 'create': return this.hosts.create(el, s);
          case 'delete': return this.hosts.delete(el, s);
          case 'update': return this.hosts.update(el, s);
        }
      }
      if (obj === 'contact') {
        switch (verb) {
          case 'check': return this.contacts.check(el);
          case 'info': return this.contacts.info(el, s);
          case 'create': return this.contacts.create(el, s);
          case 'delete': return this.contacts.delete(el, s);
          case 'update': return this.contacts.update(el, s);
        }
      }
      throw new SimError(2101, `${obj}:${verb} is not implemented`);
    };
    if (read) return go();
    return this.writes.run(async () => { await this.beforeWrite(); return go(); });
  }

  private login(l: any, state: SessionState): Reply {
    if (state.clId) throw new SimError(2002, 'already logged in');
    const clId = text(l?.clID) ?? '';
    const pw = text(l?.pw) ?? '';
    if (text(l?.options?.version) !== '1.0') throw new SimError(2100, 'only EPP 1.0');
    const lang = text(arr(l?.options?.lang)[0]);
    if (lang !== 'en' && lang !== 'ja') throw new SimError(2102, 'lang must be en or ja');
    if (this.registrars.get(clId) !== pw) {
      state.failedLogins++;
      if (state.failedLogins >= 3) return { code: 2501, close: true };
      throw new SimError(2200, 'client identifier or password not recognised');
    }
    for (const uri of arr(l?.svcs?.objURI).map((u) => text(u)!)) if (!SUPPORTED_OBJ.has(uri)) throw new SimError(2307, `object service ${uri} not offered`);
    for (const uri of arr(l?.svcs?.svcExtension?.extURI).map((u) => text(u)!)) if (!SUPPORTED_EXT.has(uri)) throw new SimError(2103, `extension ${uri} not offered`);
    if (this.sessionsOf(clId) >= this.maxSessions) return { code: 2502, close: true };
    if (text(l?.newPW)) throw new SimError(2306, 'passwords are configuration here; newPW is not accepted');
    state.clId = clId;
    return ok();
  }

  private async poll(p: any, s: CommandSession): Promise<Reply> {
    const op = attr(p, 'op');
    if (op === 'req') {
      const { head, count } = await this.repo.pollHead(this.repo.db, s.clId);
      if (!head) return { code: 1300 };
      const pl = head.payload;
      return {
        code: 1301,
        msgQ: { count, id: head.id, qDate: head.qDate, msg: head.msg },
        resData: pl ? (rd) => {
          if (pl.kind === 'transfer') W.writeTrnData(rd, pl.transfer.name, pl.transfer);
          else if (pl.kind === 'pendingAction') W.writePanData(rd, pl.name, pl.paResult, pl.paTRID, new Date(pl.paDate));
          else W.writeRenData(rd, pl.name, new Date(pl.exDate));
        } : undefined,
      };
    }
    if (op === 'ack') {
      const id = attr(p, 'msgID') ?? '';
      return this.writes.run(async () => {
        if (!(await this.repo.ackPoll(this.repo.db, s.clId, id, this.clock.now()))) throw new SimError(2303, `message ${id} is not in your queue`);
        const { head, count } = await this.repo.pollHead(this.repo.db, s.clId);
        return { code: 1000, msgQ: { count, id: head?.id ?? id } };
      });
    }
    throw new SimError(2005, 'poll op must be req or ack');
  }
}
