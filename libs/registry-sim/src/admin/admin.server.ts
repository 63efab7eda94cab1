import http from 'node:http';
import type { SystemClock } from '@registrar/infra';
import type { FaultInjector } from '../faults/fault-injector';
import type { LifecycleService } from '../lifecycle/lifecycle.service';
import type { ServiceStats } from '../epp/service-stats';

const DAY = 86_400_000;

/**
 * The simulator's admin channel (not EPP), bound to 127.0.0.1 only: the test clock, fault injection, service-time
 * statistics. JSON in, JSON out.
 *
 *   GET  /health                      { ok, now }
 *   GET  /clock                       { now, offsetMs }
 *   POST /clock/advance {days,hours,minutes,ms}   moves the clock forward, then runs the lifecycle sweep
 *   POST /clock/reset                 back to real time (tests only; never moves back past stored dates safely)
 *   GET  /faults   POST /faults {latencyMs,failShare,dropShare,handshakeDelayMs,failMatch}   DELETE /faults
 *   GET  /stats    DELETE /stats      service time per command
 *   GET  /stats/process               the process's CPU time and event-loop busy share since DELETE /stats
 *   POST /sweep                       runs the lifecycle sweep now
 *   GET  /registrant-changes          registrant changes waiting for approval, with their approval links
 *   GET  /registrant-change/<token>   the approval link of the mail: approves the held change (an HTML page)
 *   POST /domain/dates {name,crDate,exDate,redemption?}   the registry operator's correction of a domain's dates
 *                                     (seeding a portfolio registered in the past; the lifecycle sweep then treats it as
 *                                     any other); redemption: the name was deleted after it expired and is held in its
 *                                     redemption period from now (RFC 3915)
 */
export class AdminServer {
  private server?: http.Server;

  constructor(
    private readonly port: number,
    private readonly clock: SystemClock,
    private readonly faults: FaultInjector,
    private readonly lifecycle: LifecycleService,
    private readonly stats: ServiceStats,
    private readonly info: () => Record<string, unknown>,
    private readonly saveOffset: (offsetMs: number) => Promise<void>,
    private readonly registrantChanges?: {
      approve(token: string): Promise<{ result: 'approved' | 'already' | 'cancelled' | 'unknown'; domain?: string }>;
      pending(): Promise<unknown[]>;
    },
    private readonly operator?: {
      setDates(name: string, crDate: Date, exDate: Date, redemption: boolean): Promise<boolean>;
    },
  ) {}

  private offset(): number {
    return this.clock.now().getTime() - Date.now();
  }

  async listen(): Promise<void> {
    this.server = http.createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private async body(req: http.IncomingMessage): Promise<any> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > 64 * 1024) throw new Error('body too large');
      chunks.push(c as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : {};
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
      const approval = /^GET \/registrant-change\/([A-Za-z0-9_-]{1,100})$/.exec(key);
      if (approval && this.registrantChanges) return this.approvalPage(res, await this.registrantChanges.approve(approval[1]));
      switch (key) {
        case 'GET /registrant-changes': return send(200, await (this.registrantChanges?.pending() ?? []));
        case 'GET /health': return send(200, { ok: true, now: this.clock.now(), ...this.info() });
        case 'GET /clock': return send(200, { now: this.clock.now(), offsetMs: this.offset() });
        case 'POST /clock/advance': {
          const b = await this.body(req);
          const ms = Number(b.days ?? 0) * DAY + Number(b.hours ?? 0) * 3_600_000 + Number(b.minutes ?? 0) * 60_000 + Number(b.ms ?? 0);
          if (!Number.isFinite(ms) || ms < 0) return send(400, { error: 'the clock only moves forward: give days, hours, minutes or ms >= 0' });
          this.clock.advance(ms);
          await this.saveOffset(this.offset());
          const sweep = await this.lifecycle.sweep();
          return send(200, { now: this.clock.now(), offsetMs: this.offset(), sweep });
        }
        case 'POST /clock/reset': {
          this.clock.setOffset(0);
          await this.saveOffset(0);
          return send(200, { now: this.clock.now(), offsetMs: 0 });
        }
        case 'GET /faults': return send(200, this.faults.settings);
        case 'POST /faults': return send(200, this.faults.set(await this.body(req)));
        case 'DELETE /faults': return send(200, this.faults.reset());
        case 'GET /stats': return send(200, this.stats.snapshot());
        case 'GET /stats/process': return send(200, this.stats.usage());
        case 'DELETE /stats': { this.stats.reset(); return send(200, {}); }
        case 'POST /sweep': return send(200, await this.lifecycle.sweep());
        case 'POST /domain/dates': {
          const b = await this.body(req);
          const name = typeof b.name === 'string' ? b.name.trim().toLowerCase() : '';
          const crDate = new Date(String(b.crDate));
          const exDate = new Date(String(b.exDate));
          if (!/^[a-z0-9.-]{3,253}$/.test(name) || Number.isNaN(crDate.getTime()) || Number.isNaN(exDate.getTime()) || crDate >= exDate) {
            return send(400, { error: 'give name (A-label), crDate and exDate (ISO 8601, crDate before exDate)' });
          }
          if (!this.operator || !(await this.operator.setDates(name, crDate, exDate, b.redemption === true))) return send(404, { error: 'no such domain' });
          return send(200, { name, crDate, exDate, redemption: b.redemption === true });
        }
        default: return send(404, { error: 'not found' });
      }
    } catch (e) {
      send(400, { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /**
   * The approval link alone on a public address (REGISTRY_SIM_APPROVAL_PORT, bound to EPP_BIND), for setups where the
   * mail's reader is not on this host (compose, k8s); every other path answers 404.
   */
  async listenApprovalOnly(port: number, host: string): Promise<http.Server> {
    const server = http.createServer((req, res) => {
      const m = /^\/registrant-change\/([A-Za-z0-9_-]{1,100})$/.exec((req.url ?? '').split('?')[0]);
      if (req.method !== 'GET' || !m || !this.registrantChanges) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      this.registrantChanges.approve(m[1]).then((r) => this.approvalPage(res, r), () => { res.writeHead(500); res.end(); });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.approvalServer = server;
    return server;
  }

  private approvalServer?: http.Server;

  private approvalPage(res: http.ServerResponse, r: { result: string; domain?: string }): void {
    const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const text: Record<string, [number, string]> = {
      approved: [200, `The change of registrant of ${r.domain} is approved and done. / 登録者変更を承認しました。`],
      already: [200, `The change of registrant of ${r.domain} was already approved. / 承認済みです。`],
      cancelled: [410, `This change of registrant was withdrawn. / この登録者変更は取り消されました。`],
      unknown: [404, 'Unknown or expired link. / リンクが無効です。'],
    };
    const [status, msg] = text[r.result] ?? text.unknown;
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ja"><meta charset="utf-8"><title>Registrant change</title><p data-result="${esc(r.result)}">${esc(msg)}</p></html>`);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.approvalServer ? this.approvalServer.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
