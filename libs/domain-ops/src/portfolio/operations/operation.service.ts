import { Inject, Injectable } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import {
  CompleteOperationJobData, DomainOperationJobData, DomainOpsErrorCode, JobName, OperationAccepted, OperationRow, OperationRpcRequest, OperationStatus, QueueName,
} from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { DS, fmt, M, MK } from '@registrar/messages';
import { BULK_LIMIT, isDueToday, MEMO_MAX, validateNameServers, normaliseNameServers, isIP, validateDsSet } from '@registrar/rules';
import { chunks } from '../../shared/common/chunks';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { DomainOpsConfig } from '../../shared/domain-ops.config';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { MoveRepository } from './move.repository';
import { OperationRepository, OpDomain } from './operation.repository';

/** The flow producer of operation runs (registered with BullModule.registerFlowProducer). */
export const OPERATION_FLOWS = 'domain-ops-operation-flows';
export const operationJobId = (runId: string) => `op-${runId}`;
/** a child's id: the run and the first domain of its chunk (a domain is in one chunk of a run) */
export const operationChildId = (runId: string, domainId: number) => `op-${runId}-${domainId}`;

const idOf = (v: unknown): number | null => {
  const n = Number(v);
  return v != null && v !== '' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

type Prepared = { domain: OpDomain; error?: string; params?: Record<string, unknown> };

/**
 * Starts an operation of the list's modals (001 §4, §5, §7) for one domain or up to 1000: checks the request, refuses
 * other members' ids, writes one row per domain (refused ones already in error) and starts a BullMQ flow with one
 * child per remaining domain; answers at once with the run's id, which the modal polls (`status`).
 */
@Injectable()
export class OperationService {
  constructor(
    private readonly ops: OperationRepository,
    private readonly moves: MoveRepository,
    private readonly catalog: CatalogPort,
    private readonly config: DomainOpsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectFlowProducer(OPERATION_FLOWS) private readonly flows: FlowProducer,
    /** the portfolio's queue, where a run's flow lives (the money reconciler looks for a run's live jobs there) */
    @InjectQueue(QueueName.DomainOpsPortfolio) readonly queue: Queue,
  ) {}

  async start(req: OperationRpcRequest): Promise<OperationAccepted> {
    const userId = req.userId;
    const list = Array.isArray(req.domains) ? req.domains : [];
    const entries = list.map((d) => (typeof d === 'object' && d ? { id: idOf((d as { id?: unknown }).id), content: (d as { content?: unknown }).content } : { id: idOf(d), content: undefined }));
    const ids = [...new Set(entries.map((e) => e.id).filter((n): n is number => n !== null))];
    if (!ids.length) return refuse(M.selectDomain);
    if (ids.length > BULK_LIMIT) return refuse(M.bulkLimit1000);
    const domains = await this.ops.domainsOf(userId, ids);
    if (domains.length !== ids.length) return refuse(M.domainNotFound);
    const byId = new Map(domains.map((d) => [d.id, d]));
    const params: Record<string, unknown> = {};
    const now = this.clock.now();

    // request-wide rules
    switch (req.kind) {
      case 'nameserver': {
        const rows = Array.isArray(req.formData) ? [...req.formData].sort((a, b) => Number(a?.priority ?? 0) - Number(b?.priority ?? 0)) : [];
        const ns = normaliseNameServers(rows.map((r) => r?.name));
        const err = validateNameServers(ns);
        if (err) return refuse(err);
        const addrs: Record<string, string[]> = {};
        for (const r of rows) {
          const name = String(r?.name ?? '').trim().toLowerCase();
          const ips = (Array.isArray((r as { ip?: unknown }).ip) ? (r as { ip: unknown[] }).ip : String((r as { ip?: unknown }).ip ?? '').split(/[\s,]+/)).map(String).map((s) => s.trim()).filter(Boolean);
          if (!ips.length) continue;
          if (ips.some((ip) => !isIP(ip))) return refuse(M.nsBadChars);
          addrs[name] = ips;
        }
        params.nameServers = ns;
        params.addrs = addrs;
        break;
      }
      case 'lock':
      case 'autoupdate':
      case 'trash':
        if (req.flag !== 0 && req.flag !== 1) return refuse(M.errorOccurredDot);
        params.flag = req.flag;
        if (req.kind === 'autoupdate' && req.flag === 1 && !req.hasCard) return { result: false, errors: [M.registerCard], errorCode: 100, domains: [] };
        if (req.kind === 'lock') {
          const cannot: string[] = [];
          for (const tld of new Set(domains.map((d) => d.tld))) if ((await this.catalog.tld(tld))?.can_lock === false) cannot.push(tld);
          params.cannotLock = cannot;
        }
        break;
      case 'move': {
        const m = req.move;
        if (!m || (!m.toUserId && !m.toEmail)) return refuse(M.moveTargetRequired);
        if (m.toUserId === userId) return refuse(M.moveToSelf);
        params.move = { toUserId: m.toUserId ?? null, toEmail: m.toEmail ?? null, autoUpdate: !!m.autoUpdate, fromAccount: m.fromAccount, acceptUrl: m.acceptUrl };
        break;
      }
      case 'dnssec': {
        // docs/dns.md "DNSSEC": enable / disable / roll for zones on our name servers, manual DS for the others (one domain)
        const action = req.dnssec?.action;
        if (action !== 'enable' && action !== 'disable' && action !== 'roll' && action !== 'manual') return refuse(DS.badAction);
        params.dnssec = { action };
        if (action === 'manual') {
          if (ids.length !== 1) return refuse(M.selectDomain);
          const v = validateDsSet(req.dnssec?.ds, { allowEmpty: true });
          if (v.errors.length) return { result: false, errors: v.errors, domains: [] };
          params.dnssec = { action, ds: v.ds };
        }
        break;
      }
      case 'memo':
      case 'authcode':
        break;
      default:
        throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'unknown operation');
    }

    // per-domain rules: a refused domain gets its error row at once
    const pendingMoves = req.kind === 'move' ? await this.moves.pendingFor(ids) : new Set<number>();
    const memoOf = new Map(entries.map((e) => [e.id, e.content]));
    const prepared: Prepared[] = ids.map((id) => {
      const d = byId.get(id)!;
      const expired = !!d.dueDate && d.dueDate.getTime() < startOfTokyoDay(now);
      if (d.adminLock !== 0) return { domain: d, error: M.adminLocked };
      if (d.status !== 'active' && req.kind !== 'memo' && req.kind !== 'trash') return { domain: d, error: M.domainNotActive };
      // a listed domain stays where it is until the listing ends (docs/market.md): no move, no trash, no AUTHCODE
      if (d.marketListingId !== null && (req.kind === 'move' || req.kind === 'authcode' || (req.kind === 'trash' && params.flag === 1))) return { domain: d, error: MK.listed };
      switch (req.kind) {
        case 'nameserver':
        case 'lock':
        case 'authcode':
        case 'move':
        case 'dnssec':
          if (expired) return { domain: d, error: M.domainExpired };
          if (d.whoisFlag !== 0 && req.kind !== 'authcode') return { domain: d, error: M.whoisProcessing };
          if (req.kind === 'authcode') {
            if (d.lock) return { domain: d, error: M.authcodeUnlockFirst };
            if (d.proxy || d.whoisFlag !== 0) return { domain: d, error: M.authcodeProxyOffFirst };
          }
          if (req.kind === 'lock' && (params.cannotLock as string[]).includes(d.tld)) return { domain: d, error: M.lockUnsupported };
          if (req.kind === 'move' && pendingMoves.has(d.id)) return { domain: d, error: M.movePending };
          return { domain: d };
        case 'autoupdate':
          if (expired) return { domain: d, error: M.autoRenewExpired };
          if (isDueToday(d.dueDate, now)) return { domain: d, error: M.autoRenewDueToday };
          if (d.whoisFlag !== 0) return { domain: d, error: M.whoisProcessing };
          return { domain: d };
        case 'trash':
          // a WHOIS change in progress blocks every operation but the memo (and renewal, which has its own server)
          if (d.whoisFlag !== 0) return { domain: d, error: M.whoisProcessing };
          return { domain: d };
        case 'memo': {
          const raw = memoOf.get(id);
          const content = String(raw ?? '').trim();
          if (req.memoMode !== 'delete' && !content) return { domain: d, error: fmt(M.memoEmpty, { domain: d.name }) };
          if (content.length > MEMO_MAX) return { domain: d, error: M.memoTooLong };
          return { domain: d, params: { content: req.memoMode === 'delete' ? '' : content } };
        }
        default:
          return { domain: d };
      }
    });

    const runId = randomUUID();
    const rows: OperationRow[] = prepared.map((p) => ({ id: p.domain.id, name: p.domain.name, idn: p.domain.idn, status: p.error ? 'error' : 'queued', message: p.error ?? null }));
    await this.ops.createRun(
      { id: runId, userId, kind: req.kind, params, total: prepared.length },
      prepared.map((p) => ({ domainId: p.domain.id, name: p.domain.name, idn: p.domain.idn, status: p.error ? 'error' : 'queued', message: p.error ?? null, params: p.params ?? null })),
    );
    const todo = prepared.filter((p) => !p.error);
    await this.enqueue(runId, todo.map((p) => p.domain.id));
    return { result: true, jobId: runId, errors: [], domains: rows };
  }

  /**
   * The run's flow: CompleteOperation parent, one DomainOperation child per OPERATION_DOMAINS_PER_JOB (100) domains
   * (each domain still its own row, outcome and attempts; ADR 0037, 0058). The money reconciler resumes a run whose jobs were lost with `suffix`
   * ('-resume'): new job ids for the unfinished domains (a child leaves an ended row alone).
   */
  async enqueue(runId: string, domainIds: number[], suffix = ''): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteOperation,
      queueName: QueueName.DomainOpsPortfolio,
      data: { runId } satisfies CompleteOperationJobData,
      opts: { jobId: operationJobId(runId) + suffix, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: chunks(domainIds, this.config.OPERATION_DOMAINS_PER_JOB).map((ids) => ({
        name: JobName.DomainOperation,
        queueName: QueueName.DomainOpsPortfolio,
        data: { runId, domainIds: ids } satisfies DomainOperationJobData,
        opts: {
          jobId: operationChildId(runId, ids[0]!) + suffix,
          attempts: this.config.OPERATION_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.config.OPERATION_BACKOFF_MS },
          ignoreDependencyOnFailure: true,
          removeOnComplete: { age: 3600, count: 20_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    });
  }

  async status(userId: number, jobId: string): Promise<OperationStatus> {
    const run = /^[0-9a-f-]{36}$/i.test(jobId) ? await this.ops.run(jobId) : null;
    if (!run || run.userId !== userId) throw new DomainOpsException(DomainOpsErrorCode.NotFound, 'no such operation');
    const { rows, done } = await this.ops.rows(run.id, run.kind === 'authcode');
    return { jobId: run.id, kind: run.kind, finished: done === rows.length, total: rows.length, done, domains: rows };
  }
}

function refuse(message: string): OperationAccepted {
  return { result: false, errors: [message], domains: [] };
}

/** 0:00 of the Tokyo day of this instant, as epoch ms. */
function startOfTokyoDay(now: Date): number {
  const t = new Date(now.getTime() + 9 * 3600_000);
  return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) - 9 * 3600_000;
}
