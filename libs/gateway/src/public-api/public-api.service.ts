import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import {
  AVAILABILITY_CLIENT, AvailabilityPatterns, CATALOG_CLIENT, CatalogPatterns, CheckRequest, CheckResult, CreateDomainsResult, DnsDispatchResult,
  DnsGetDataResult, DnsPatterns, DnsRecordDto as DnsRecordContract, DomainDetailDto, DomainListPatterns, DomainOpsPatterns, DomainRowDto,
  DomainSearchResult, EstimateItem, OperationAccepted, OperationRow, OperationStatus, OrderStatusResult, OwnedDomainDto, PriceSearchRequest,
  PriceSearchResult, RenewReadyResult, RenewResult, RenewResultRow, RenewStatusResult,
} from '@registrar/contracts';
import { rpc, RpcTimeoutError } from '@registrar/infra';
import { API_MESSAGES, fmt, M } from '@registrar/messages';
import { DNS_TYPE, dnsTypeName, readDomainName, registrationTotal, renewalPrice } from '@registrar/rules';
import { DnsClient } from '../dns/dns.client';
import { OperationStarter } from '../operations/operation-starter';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { ApiErrorCode, ApiException } from './api-error';
import type { ApiCaller } from './api-key.guard';
import type {
  AvailabilityDto, DnsRecordBodyDto, DnsRecordDto, DnsRecordsDto, DomainDto, DomainListDto, DomainListQueryDto, JobDto, JobItemDto, NameServerItemDto,
  PriceDto, PricesDto, RegisterBodyDto,
} from './api-v1.dto';

const RPC_MS = 20_000;
/** quotes a registration through the API makes at most when its price moves between its quote and its order */
const REGISTER_QUOTES = 3;
/** The job id's prefix says which status resource of the web app it is read from. */
const JOB_KINDS = { op: 'op', reg: 'reg', ren: 'ren' } as const;
const JOB_ID = /^(op|reg|ren)_([0-9a-f-]{36})$/i;
const OP_TYPES: Record<string, string> = { nameserver: 'nameservers', lock: 'lock', autoupdate: 'auto_renew', authcode: 'authcode', memo: 'memo', trash: 'trash', move: 'move', dnssec: 'dnssec' };

export const jobUrl = (id: string) => `/api/v1/jobs/${id}`;
const ended = (s: string) => s === 'success' || s === 'accepted' || s === 'error';

/**
 * The public API v1's work. Every operation is the web app's own call to the same service (availability check,
 * price list, domain-list search, the purchase's estimate and order, the renewal, the list's operations, the DNS
 * modal's calls); this class only turns API requests into those calls and their answers into the API's shapes. The
 * member is always the API key's owner, so a call can only ever reach that member's domains.
 */
@Injectable()
export class PublicApiService {
  constructor(
    @Inject(AVAILABILITY_CLIENT) private readonly availability: ClientProxy,
    @Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy,
    private readonly domainOps: DomainOpsClient,
    private readonly operations: OperationStarter,
    private readonly dns: DnsClient,
  ) {}

  // ---------- search and prices

  async checkAvailability(names: string[]): Promise<AvailabilityDto> {
    const asked = names.map((n) => {
      const d = readDomainName(n);
      if (!d) throw new ApiException(ApiErrorCode.ValidationFailed, M.enterDomainCorrectly, [`${n}: ${M.enterDomainCorrectly}`]);
      return d.punycode;
    });
    const res = await this.rpc<CheckResult, CheckRequest>(this.availability, AvailabilityPatterns.Check, { names: asked });
    const byName = new Map(res.results.tlds.map((t) => [t.domain, t.status]));
    return { results: asked.map((domain) => ({ domain, status: byName.get(domain) === 1 ? 'available' : byName.get(domain) === 2 ? 'unavailable' : 'error' })) };
  }

  async prices(tld?: string): Promise<PricesDto> {
    const res = await this.rpc<PriceSearchResult, PriceSearchRequest>(this.catalog, CatalogPatterns.PriceSearch, { categoryId: null });
    const want = tld?.trim().replace(/^\./, '').toLowerCase();
    const rows = want ? res.tldPrices.filter((p) => p.name.toLowerCase() === want || p.tld_name.toLowerCase() === want || p.punycode.toLowerCase() === want || p.tld_name_punycode.toLowerCase() === want) : res.tldPrices;
    if (want && !rows.length) throw new ApiException(ApiErrorCode.NotFound, M.tldNotFound);
    return {
      prices: rows.map((p): PriceDto => ({
        tld: p.tld_name, tld_punycode: p.tld_name_punycode || p.punycode, register: p.register, renew: p.renew, transfer: p.transfer,
        is_register_campaign: p.is_register_campaign, minimum_years: p.minimum_years, registration_unit: p.registration_unit, can_proxy: p.can_proxy,
      })),
    };
  }

  // ---------- my domains

  async list(userId: number, q: DomainListQueryDto): Promise<DomainListDto> {
    const condition: Record<string, unknown> = {
      validDomainPage: q.page ?? 1, pagingNum: q.per_page ?? 50, sort: q.sort ?? 'dueDateAsc', domainType: q.status === 'expired' ? 2 : 1,
      ...(q.keyword ? { key: q.keyword } : {}),
    };
    const r = await this.domainOps.call<DomainSearchResult>(DomainListPatterns.Search, { userId, condition });
    if (!r.validDomains) throw new ApiException(ApiErrorCode.ValidationFailed, r.errors[0] ?? API_MESSAGES.apiValidation, r.errors);
    const p = r.validDomains;
    return { domains: p.data.map(toDomain), page: p.current_page, last_page: p.last_page, per_page: p.per_page, total: p.total };
  }

  async detail(userId: number, name: string): Promise<DomainDto> {
    const d = await this.resolve(userId, name);
    return toDomain(await this.domainOps.call<DomainDetailDto>(DomainListPatterns.Detail, { userId, id: d.id }));
  }

  /** The member's own domain of this name (either form), or 404: another member's domain is never found. */
  async resolve(userId: number, name: string): Promise<OwnedDomainDto> {
    const parsed = readDomainName(name);
    if (!parsed) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiDomainNotFound);
    const found = await this.domainOps.call<OwnedDomainDto[]>(DomainOpsPatterns.DomainsByName, { punycodes: [parsed.punycode] });
    const mine = found.find((d) => Number(d.user_id) === userId && d.punycode === parsed.punycode);
    if (!mine) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiDomainNotFound);
    return mine;
  }

  // ---------- register and renew (points)

  /** The purchase page's estimate, then its order paid entirely with points. */
  async register(caller: ApiCaller, body: RegisterBodyDto): Promise<JobDto> {
    if (!caller.canPurchase) throw new ApiException(ApiErrorCode.PurchaseNotAllowed, API_MESSAGES.apiPurchaseNotAllowed);
    const idempotencyKey = `api:${body.idempotency_key ?? randomUUID()}`;
    // the API quotes and orders in one call, so the caller never saw the quote: a price that moved between the two
    // (the member's campaign slots taken or given back meanwhile by another of their orders) is quoted again, and the
    // order sent again under the same key (no order was made). A few times at most; then refused as before. Only at a
    // total no higher than the call's first quote (the price when the call came): a campaign slot taken meanwhile is
    // refused as before, never charged at the full price the caller was not asked about (review r2)
    let first: number | undefined;
    /** the order's refusal for a moved price, answered if the new quote is above the first */
    let moved: CreateDomainsResult | undefined;
    for (let attempt = 1; ; attempt++) {
      const est = await this.domainOps.call<EstimateItem[]>(DomainOpsPatterns.Estimate, { userId: caller.userId, domainNames: body.domains.map((d) => d.name) });
      const failed = est.filter((e) => e.error).map((e) => e.error!);
      if (failed.length || est.length !== body.domains.length) throw new ApiException(ApiErrorCode.Rejected, failed[0] ?? M.enterDomainCorrectly, failed);
      const domains = est.map((e, i) => {
        const years = body.domains[i].years ?? e.minimum_years;
        return { name: e.requestDomain, period: years, point: registrationTotal(e.registerPrice, e.renewPrice, years) };
      });
      const totalFee = domains.reduce((s, d) => s + d.point, 0);
      if (moved && totalFee > first!) throw rejected(moved.errors, moved.domains.map((d) => d.error_msg));
      first ??= totalFee;
      const r = await this.domainOps.call<CreateDomainsResult>(DomainOpsPatterns.Create, {
        userId: caller.userId, domains, totalFee, point: totalFee, payment: { type: 'point' }, idempotencyKey,
      });
      if (r.stalePrice && attempt < REGISTER_QUOTES) {
        moved = r;
        continue;
      }
      if (!r.result || !r.orderId) throw rejected(r.errors, r.domains.map((d) => d.error_msg));
      const id = `${JOB_KINDS.reg}_${r.orderId}`;
      return job(id, 'register', r.domains.map((d) => ({ domain: d.domain_name, status: orderStatus(d.status), message: d.error_msg ?? d.info ?? null })));
    }
  }

  /** The renewal modal's quote for the member's domain, then the renewal paid with points. */
  async renew(caller: ApiCaller, name: string, years: number, idempotencyKey?: string): Promise<JobDto> {
    if (!caller.canPurchase) throw new ApiException(ApiErrorCode.PurchaseNotAllowed, API_MESSAGES.apiPurchaseNotAllowed);
    const d = await this.resolve(caller.userId, name);
    const ready = await this.domainOps.call<RenewReadyResult>(DomainOpsPatterns.RenewReady, { userId: caller.userId, domainIds: [d.id] });
    const q = ready.domains[0];
    if (!q) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiDomainNotFound);
    if (q.error) throw new ApiException(ApiErrorCode.Rejected, q.error, [q.error]);
    if (!q.period_options.includes(years)) {
      const msg = fmt(M.renewPeriodInvalid, { domain: q.name });
      throw new ApiException(ApiErrorCode.Rejected, msg, [msg, `years: ${q.period_options.join(', ')}`]);
    }
    const total = renewalPrice(q.window, q, years);
    const r = await this.domainOps.call<RenewResult>(DomainOpsPatterns.Renew, {
      userId: caller.userId, domains: [{ name: q.name, period: years }], point: total, totalFee: total, payment: { type: 'point' },
      idempotencyKey: `api:${idempotencyKey ?? randomUUID()}`, answerNow: true,
    }, 60_000);
    if (!r.renewalId || !r.result) throw rejected(r.errors, r.data.map((x) => x.error_msg));
    return job(`${JOB_KINDS.ren}_${r.renewalId}`, 'renew', r.data.map(renewItem(false)));
  }

  // ---------- the list's operations

  nameServers(userId: number, name: string, nameservers: NameServerItemDto[]): Promise<JobDto> {
    const formData = nameservers.map((n, i) => ({ name: n.name, priority: i + 1, ...(n.ip?.length ? { ip: n.ip } : {}) }));
    return this.operate(userId, name, 'nameservers', (id) => this.operations.start(userId, 'nameserver', [id], { formData }));
  }

  lock(userId: number, name: string, enabled: boolean): Promise<JobDto> {
    return this.operate(userId, name, 'lock', (id) => this.operations.start(userId, 'lock', [id], { flag: enabled ? 1 : 0 }));
  }

  autoRenew(userId: number, name: string, enabled: boolean): Promise<JobDto> {
    return this.operate(userId, name, 'auto_renew', (id) => this.operations.autoUpdate(userId, [id], enabled ? 1 : 0));
  }

  authcode(userId: number, name: string): Promise<JobDto> {
    return this.operate(userId, name, 'authcode', (id) => this.operations.start(userId, 'authcode', [id]));
  }

  /** DNSSEC's operations (api-v1-dnssec.controller.ts): a job of type dnssec. */
  dnssec(userId: number, name: string, start: (id: number) => Promise<OperationAccepted>): Promise<JobDto> {
    return this.operate(userId, name, 'dnssec', start);
  }

  private async operate(userId: number, name: string, type: string, start: (id: number) => Promise<OperationAccepted>): Promise<JobDto> {
    const d = await this.resolve(userId, name);
    const r = await start(d.id);
    const refused = r.domains.filter((x) => x.status === 'error');
    if (!r.result || !r.jobId || refused.length === r.domains.length && r.domains.length > 0) {
      throw rejected(r.errors, refused.map((x) => x.message));
    }
    return job(`${JOB_KINDS.op}_${r.jobId}`, type, r.domains.map(opItem));
  }

  // ---------- DNS

  async dnsRecords(userId: number, name: string): Promise<DnsRecordsDto> {
    const d = await this.resolve(userId, name);
    const r = await this.dns.call<DnsGetDataResult>(DnsPatterns.GetData, { userId, id: d.id });
    return { domain: r.contents.domain.name, uses_our_dns: r.contents.isOurDns, served: r.contents.served, records: r.contents.formData.map(toApiRecord) };
  }

  async saveDns(userId: number, name: string, records: DnsRecordBodyDto[]): Promise<DnsRecordsDto> {
    const d = await this.resolve(userId, name);
    const saveData = records.map(toContractRecord);
    const r = await this.dns.call<DnsDispatchResult>(DnsPatterns.Dispatch, { userId, domains: [d.id], saveData }, 120_000);
    if (!r.result) throw rejected(r.errors, []);
    return this.dnsRecords(userId, name);
  }

  // ---------- jobs

  /** A job of this member, read from the status resource the web app polls for it (404 for anyone else's). */
  async job(userId: number, id: string): Promise<JobDto> {
    const m = JOB_ID.exec(id);
    if (!m) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiJobNotFound);
    const [, kind, ref] = m;
    const notFound = (e: unknown) => {
      if (e instanceof ApiException || (e as { getStatus?: () => number })?.getStatus?.() === 404) throw new ApiException(ApiErrorCode.NotFound, API_MESSAGES.apiJobNotFound);
      throw e;
    };
    if (kind === JOB_KINDS.op) {
      const s = await this.operations.status(userId, ref).catch(notFound) as OperationStatus;
      return { ...job(id, OP_TYPES[s.kind] ?? s.kind, s.domains.map(opItem)), status: s.finished ? 'finished' : 'running', total: s.total, done: s.done };
    }
    if (kind === JOB_KINDS.reg) {
      const s = await this.domainOps.call<OrderStatusResult>(DomainOpsPatterns.CreateStatus, { userId, orderId: ref }).catch(notFound) as OrderStatusResult;
      return { ...job(id, 'register', s.domains.map((d) => ({ domain: d.domain_name, status: orderStatus(d.status), message: d.error_msg ?? d.info ?? null }))), status: s.done ? 'finished' : 'running' };
    }
    const s = await this.domainOps.call<RenewStatusResult>(DomainOpsPatterns.RenewStatus, { userId, renewalId: ref }).catch(notFound) as RenewStatusResult;
    return { ...job(id, 'renew', s.data.map(renewItem(s.finished))), status: s.finished ? 'finished' : 'running' };
  }

  private async rpc<T, P>(client: ClientProxy, pattern: string, payload: P): Promise<T> {
    try {
      return await rpc<T, P>(client, pattern, payload, RPC_MS);
    } catch (e) {
      if (e instanceof RpcTimeoutError) throw new ApiException(ApiErrorCode.UpstreamTimeout, API_MESSAGES.apiInternal);
      throw new ApiException(ApiErrorCode.Internal, API_MESSAGES.apiInternal);
    }
  }
}

function rejected(errors: string[], rowMessages: Array<string | null | undefined>): ApiException {
  const reasons = [...new Set([...errors, ...rowMessages.filter((m): m is string => !!m)])];
  return new ApiException(ApiErrorCode.Rejected, reasons[0] ?? API_MESSAGES.apiInternal, reasons);
}

function job(id: string, type: string, items: JobItemDto[]): JobDto {
  const done = items.filter((i) => ended(i.status)).length;
  return { id, type, status: items.length && done === items.length ? 'finished' : 'running', total: items.length, done, items, url: jobUrl(id) };
}

function opItem(r: OperationRow): JobItemDto {
  return { domain: r.name, status: r.status, message: r.message, ...(r.authcode ? { authcode: r.authcode } : {}) };
}

function orderStatus(s: string): string {
  return s === 'done' ? 'success' : s;
}

const renewItem = (finished: boolean) => (r: RenewResultRow): JobItemDto => ({
  domain: r.name,
  status: r.code === 0 ? 'success' : r.code === 2 ? 'error' : finished ? 'accepted' : 'processing',
  message: r.code === 0 ? (r.available_period ? `有効期限: ${r.available_period}` : null) : r.error_msg,
});

function toDomain(r: DomainRowDto): DomainDto {
  return {
    id: r.id, name: r.name, punycode: r.punycode, tld: r.tld, status: r.status, obtain_date: r.obtain_date, due_date: r.due_date, is_expired: r.is_expired,
    auto_renew: r.is_auto_update_enabled_flg === 1, lock: r.is_domain_lock_enabled_flg === 1, whois_proxy: r.is_whois_proxy_enabled_flg === 1, name_servers: r.name_servers,
  };
}

const num = (v: unknown): number | undefined => (v === null || v === undefined || v === '' ? undefined : Number(v));

function toApiRecord(r: DnsRecordContract): DnsRecordDto {
  const out: DnsRecordDto = { host: r.host_name ?? '', type: dnsTypeName(r.recode_type) ?? String(r.recode_type), value: r.record ?? '', fixed: !!r.fixed };
  const ttl = num(r.ttl);
  if (ttl !== undefined) out.ttl = ttl;
  if (num(r.priority) !== undefined) out.priority = num(r.priority);
  if (num(r.weight) !== undefined) out.weight = num(r.weight);
  if (num(r.port) !== undefined) out.port = num(r.port);
  if (r.service_name) out.service = r.service_name;
  if (r.protocol) out.protocol = r.protocol;
  if (num(r.key_tag) !== undefined) out.key_tag = num(r.key_tag);
  if (num(r.alg) !== undefined) out.alg = num(r.alg);
  if (num(r.digest_type) !== undefined) out.digest_type = num(r.digest_type);
  if (r.digest) out.digest = r.digest;
  return out;
}

function toContractRecord(r: DnsRecordBodyDto): DnsRecordContract {
  return {
    host_name: r.host ?? '', recode_type: DNS_TYPE[r.type as keyof typeof DNS_TYPE], ttl: r.ttl ?? null, record: r.value ?? '',
    priority: r.priority ?? null, weight: r.weight ?? null, port: r.port ?? null, service_name: r.service ?? null, protocol: r.protocol ?? null,
    key_tag: r.key_tag ?? null, alg: r.alg ?? null, digest_type: r.digest_type ?? null, digest: r.digest ?? null,
  };
}
