import type {
  CreateDomainsRequest, CreateDomainsResult, DefaultSettingResult, EstimateItem, OrderStatusResult, PrereqRequest, PrereqResult,
  WhoisContactRequest, WhoisContactResult,
} from './purchase';

/**
 * The domain-ops service: owned domains, contacts (WHOIS records), default settings, the action log, the registrar
 * log, and registration through the registry (a BullMQ flow: an order parent, one RegisterDomainJob child per domain).
 * Message patterns and their payloads; every payload carries the calling member's userId (set by the gateway).
 */
export const DomainOpsPatterns = {
  /** ActionLogWriteRequest -> { written: true }: a history line written for another service (dns: templates, zone files) */
  ActionLogWrite: 'domain-ops.action-log.write',
  /** { userId, domainNames[] } -> EstimateItem[] */
  Estimate: 'domain-ops.price.estimate',
  /** CreateDomainsRpcRequest -> CreateDomainsResult (answers at once; the registration runs as jobs) */
  Create: 'domain-ops.domain.create',
  /** { userId, orderId } -> OrderStatusResult (NOT_FOUND for another member's order) */
  CreateStatus: 'domain-ops.domain.create.status',
  /** PrereqRpcRequest -> PrereqResult */
  Prereq: 'domain-ops.domain.create.prereq',
  /** { userId } -> DefaultSettingResult (created on first read) */
  Defaults: 'domain-ops.domain.default',
  /** WhoisContactRpcRequest -> WhoisContactResult */
  WhoisContactAdd: 'domain-ops.whois.contact.add',
  /** { userId } -> OwnedDomainDto[] the member's domains (newest first) */
  OwnedDomains: 'domain-ops.domain.owned',
  /** { userId, id } -> OwnedDomainDto (NOT_FOUND for another member's domain) */
  OwnedDomain: 'domain-ops.domain.one',
  /** { punycodes[] } -> OwnedDomainDto[] the domains we hold among these names (services only: the dns zones) */
  DomainsByName: 'domain-ops.domain.by-name',
  /** { afterId, limit } -> OwnedDomainDto[] every held domain by id (services only: the dns reconciliation) */
  DomainsPage: 'domain-ops.domain.page',
  /**
   * { address } -> ProxyDomainResult: the domain whose WHOIS proxy e-mail address this is (case-insensitive), for the
   * WHOIS mail inbox (docs/whois.md). found false for an address that is not a proxy address of ours.
   * { addresses[] } (at most PROXY_LOOKUP_BATCH) -> { results: ProxyDomainResult[] } in the same order: the inbound
   * SMTP server's concurrent RCPT look-ups in one request.
   */
  FindDomainByProxyAddress: 'domain-ops.whois.proxy.find-domain',
  /** { userId, domainIds[] } -> RenewReadyResult: the renewal modal's rows (prices, periods, windows) */
  RenewReady: 'domain-ops.domain.renew.ready',
  /** RenewRpcRequest -> RenewResult */
  Renew: 'domain-ops.domain.renew',
  /** PendingRenewalsRequest -> PendingRenewalsResult (the domains among these with a renewal in progress) */
  RenewPending: 'domain-ops.domain.renew.pending',
  /** { } -> string[] the TLDs a transfer-in accepts (catalog can_transfer) */
  TransferTlds: 'domain-ops.transfer.tlds',
  /** TransferCheckRpcRequest -> TransferCheckResult */
  TransferCheck: 'domain-ops.transfer.check',
  /** { userId, holdId } -> TransferHoldDto (NOT_FOUND for another member's hold) */
  TransferHold: 'domain-ops.transfer.hold',
  /** { userId, holdId, transfers } -> { result } keeps the AUTHCODEs typed on the confirm page (before a card payment) */
  TransferHoldSave: 'domain-ops.transfer.hold.save',
  /** TransferRequestRpc -> TransferRequestResult */
  TransferRequest: 'domain-ops.transfer.request',
  /** { userId } -> TransferInDto[] the member's transfers-in (newest first) */
  TransferInList: 'domain-ops.transfer.in.list',
  /** { userId } -> TransferOutDto[] requests of other registrars for the member's domains, awaiting an answer */
  TransferOutList: 'domain-ops.transfer.out.list',
  /** { userId, ids[], approve } -> TransferOutAnswer */
  TransferOutAnswer: 'domain-ops.transfer.out.answer',
  /** { userId, renewalId } -> RenewStatusResult (NOT_FOUND for another member's renewal): the public API's job poll */
  RenewStatus: 'domain-ops.domain.renew.status',
} as const;
export type DomainOpsPattern = (typeof DomainOpsPatterns)[keyof typeof DomainOpsPatterns] | import('./domain-list').DomainListPattern;

export type EstimateRpcRequest = { userId: number; domainNames: string[] };
export type CreateDomainsRpcRequest = CreateDomainsRequest & { userId: number };
export type PrereqRpcRequest = PrereqRequest & { userId: number };
export type WhoisContactRpcRequest = WhoisContactRequest & { userId: number };
export type { CreateDomainsResult, DefaultSettingResult, EstimateItem, OrderStatusResult, PrereqResult, WhoisContactResult };

/** Error codes of the domain-ops service, carried by RPC errors as { code, message }. */
export enum DomainOpsErrorCode {
  NotFound = 'DOMAIN_OPS_NOT_FOUND',
  Invalid = 'DOMAIN_OPS_INVALID',
  Internal = 'DOMAIN_OPS_INTERNAL',
}
export interface DomainOpsRpcError {
  code: DomainOpsErrorCode;
  message: string;
}
export function isDomainOpsRpcError(e: unknown): e is DomainOpsRpcError {
  return !!e && typeof e === 'object' && Object.values(DomainOpsErrorCode).includes((e as DomainOpsRpcError).code);
}

/** An owned domain (001 spec §3, the fields this service keeps). */
export interface OwnedDomainDto {
  id: number;
  user_id: number;
  name: string;
  idn: string;
  punycode: string;
  tld: string;
  domain_id: string | null;
  due_date: string | null;
  status: 'active' | 'pending' | 'provisional';
  is_auto_update_enabled_flg: 0 | 1;
  is_whois_proxy_enabled_flg: 0 | 1;
  is_domain_lock_enabled_flg: 0 | 1;
  /**
   * A new domain's default lock (docs/purchase.md): 1 being set at the registry (shown 設定中; the flag is 0 until the
   * registry has it), 2 failed for good (`domain_lock_error` says why); 0 otherwise
   */
  domain_lock_state?: 0 | 1 | 2;
  domain_lock_error?: string | null;
  is_trash_flg: 0 | 1;
  /** 0 none; 1 WHOIS change in progress (waiting for the registrant's approval); 2 WHOIS proxy being set */
  is_whois_processing_flg: 0 | 1 | 2;
  /** 0 none; otherwise an operator's admin lock: every change of the domain is refused (docs/domain-operations.md) */
  admin_lock_status: number;
  /** the domain's contacts (null with WHOIS proxy, or for a .co.jp whose contacts came with its WHOIS form) */
  reg_contact_id: number | null;
  adm_contact_id: number | null;
  tec_contact_id: number | null;
  bil_contact_id: number | null;
  name_servers: string[];
  created_at: string;
}

/** A domain found by its WHOIS proxy address. */
export interface ProxyDomainDto {
  domainId: number;
  userId: number;
  name: string;
  punycode: string;
  /** `px-<20 characters>@<WHOIS_PROXY_MAIL_DOMAIN>` */
  proxyEmail: string;
  /** the registry contact (EPP contact id) of this domain's proxy */
  registryContactId: string;
  /** whether WHOIS proxy is on for the domain now (the address stays the domain's after proxy is turned off) */
  whoisProxyEnabled: boolean;
}
/** The most addresses one FindDomainByProxyAddress request may carry. */
export const PROXY_LOOKUP_BATCH = 100;

/**
 * Redis channel on which domain-ops announces, after the commit, each change that may alter a FindDomainByProxyAddress
 * answer (ADR 0056): the message is the proxy address concerned, `*` for "any address" (a table emptied, a relay that
 * lost its PostgreSQL listener), or `.beat <ms> <age> <sent at>`: a relay is alive, sends such a beat every `<ms>`,
 * and this one was sent `<age>` ms before it was published, at `<sent at>` (ms since the epoch; both the relay's clock;
 * `.beat <ms>` alone: age 0). Whois-mail's replicas keep the answers they got (a hit) only while beats arrive
 * (trusting each for 3 intervals from when it was sent), and drop an address when it is named.
 */
export const PROXY_ADDRESS_CHANNEL = 'domain-ops:proxy-address:changed';
/** The message on PROXY_ADDRESS_CHANNEL for "forget every address". */
export const PROXY_ADDRESS_ALL = '*';
/** The prefix of a relay's beat on PROXY_ADDRESS_CHANNEL (followed by its interval, its age and its time sent, in ms, space-separated). */
export const PROXY_ADDRESS_BEAT = '.beat';

export interface ProxyDomainResult {
  found: boolean;
  domain: ProxyDomainDto | null;
}

/** Data of one domain's WHOIS change job (the token tells a superseded change from the current one). */
export interface WhoisChangeJobData {
  domainId: number;
  token: string;
}

/** Data of the RegisterDomainJob child (one per order item). */
export interface RegisterDomainJobData {
  orderId: string;
  itemId: number;
}
/** Data of the CompleteOrder parent. */
export interface CompleteOrderJobData {
  orderId: string;
}


/** A history line another service writes through domain-ops (the action log's owner); once per dedupeKey. */
export interface ActionLogWriteRequest {
  userId: number;
  domainId: number;
  domainName: string;
  /** ActionCodes (domain-list.ts) */
  actionId: number;
  subject: string;
  content: string;
  dedupeKey: string;
}
