import type { DefaultSettingDto, JpContact, JpOrgContact } from './purchase';

/** HTTP paths of WHOIS management, default settings and API settings (001 spec §7). */
export const WhoisPaths = {
  contacts: '/mypage/domain/whois',
  select: '/mypage/domain/whois/select',
  addContact: '/mypage/domain/whois',
  deleteContact: '/mypage/domain/whois/delete',
  dispatch: '/mypage/domain/whois/select/dispatch',
  cancel: '/mypage/domain/whois/select/cancel',
  orgGet: '/mypage/domain/whois/get',
  orgUpdate: '/mypage/domain/whois/org/update',
  statusCheck: '/mypage/whois/status/check',
  defaults: '/mypage/domain/default',
  api: '/mypage/user/api',
  apiKey: '/mypage/user/api/key',
} as const;

/**
 * WHOIS information management, WHOIS change, default settings and API settings (001 spec §2, §4, §5, §7; issue 13),
 * served by the domain-ops service. Every payload carries the calling member's userId (set by the gateway).
 */
export const WhoisPatterns = {
  /** { userId } -> { contacts: WhoisContactDto[] } with domain_num (usage count) */
  ContactList: 'domain-ops.whois.contact.list',
  /** { userId, contactId } -> ContactDeleteResult */
  ContactDelete: 'domain-ops.whois.contact.delete',
  /** WhoisDispatchRpcRequest -> WhoisDispatchResult */
  Dispatch: 'domain-ops.whois.dispatch',
  /** { userId, domain } -> WhoisCancelResult */
  Cancel: 'domain-ops.whois.cancel',
  /** { userId } -> { count }: the member's domains with a WHOIS change in progress (flag 1 or 2) */
  StatusCount: 'domain-ops.whois.status.count',
  /** { userId, domainName } -> WhoisOrgGetResult (.co.jp) */
  OrgGet: 'domain-ops.whois.org.get',
  /** WhoisOrgUpdateRpcRequest -> WhoisOrgUpdateResult */
  OrgUpdate: 'domain-ops.whois.org.update',
  /** { userId } -> JpActivationListResult (provisional .co.jp) */
  JpActivationList: 'domain-ops.jp-activation.list',
  /** JpActivateRpcRequest -> JpActivateResult */
  JpActivate: 'domain-ops.jp-activation.activate',
  /** DefaultSettingSaveRpcRequest -> { status, error_msg, errors } */
  DefaultsSave: 'domain-ops.domain.default.save',
  /** { userId } -> ApiSettingsResult */
  ApiGet: 'domain-ops.user.api.get',
  /** ApiSettingsSaveRpcRequest -> ApiSettingsSaveResult */
  ApiSave: 'domain-ops.user.api.save',
  /** { userId } -> { apiKey }: a new key (the old one stops working); shown once */
  ApiRotateKey: 'domain-ops.user.api.rotate-key',
  /**
   * { apiKey, ip } -> ApiKeyVerifyResult: for the public API (docs/whois.md "API key"): valid when the key is a
   * member's current key, API use is on, and the IP passes the member's restriction.
   */
  ApiVerifyKey: 'domain-ops.user.api.verify-key',
} as const;
export type WhoisPattern = (typeof WhoisPatterns)[keyof typeof WhoisPatterns];

export interface ContactDeleteResult {
  status: 1 | 0;
  error_msg: string | null;
}

/** POST mypage/domain/whois/select/dispatch */
export interface WhoisDispatchRequest {
  /** domain ids (our primary keys) */
  domains: number[];
  /** 1/true: the chosen contacts (WHOIS proxy off); 0/false: WHOIS proxy */
  useOriginalWhois: boolean | 0 | 1;
  contacts?: { whoisRegType?: number | null; whoisAdmType?: number | null; whoisTecType?: number | null; whoisBilType?: number | null };
}
export type WhoisDispatchRpcRequest = WhoisDispatchRequest & { userId: number };
export interface WhoisResultRow {
  id: number;
  /** 1 success, 2 error */
  status: 1 | 2;
  message: string;
}
export interface WhoisDispatchResult {
  /** 1 processed (see contents), 2 refused as a whole (see errors) */
  status: 1 | 2;
  errors: string[];
  contents: WhoisResultRow[];
}
export interface WhoisCancelResult {
  status: 1 | 2;
  errors: string[];
  contents: { status: 1 | 2; message: string };
}

export interface WhoisOrgContacts {
  org_contact: JpOrgContact | null;
  reg_contact: JpContact | null;
  adm_contact: JpContact | null;
  tec_contact: JpContact | null;
  bil_contact: JpContact | null;
}
export interface WhoisOrgGetResult {
  contacts: WhoisOrgContacts;
}
export interface WhoisOrgUpdateRequest {
  domainName: string;
  contact: { org?: JpOrgContact; reg?: JpContact; tec?: JpContact; adm?: JpContact; bil?: JpContact };
  isDifferentTec?: boolean;
  isDifferentAdm?: boolean;
  isDifferentBil?: boolean;
}
export type WhoisOrgUpdateRpcRequest = WhoisOrgUpdateRequest & { userId: number };
export interface WhoisOrgUpdateResult {
  result: boolean;
  message: string[];
  errors: Partial<Record<'org' | 'reg' | 'tec' | 'adm' | 'bil', Record<string, string>>>;
}

/** POST mypage/domain/default: the fields of DefaultSettingDto; name servers as a list or a comma string */
export type DefaultSettingSaveRequest = Omit<DefaultSettingDto, 'domain_create_name_servers'> & { domain_create_name_servers: string[] | string };
export type DefaultSettingSaveRpcRequest = Partial<DefaultSettingSaveRequest> & { userId: number };
export interface DefaultSettingSaveResult {
  status: 1 | 0;
  error_msg: string | null;
  errors: Record<string, string[]>;
}

export interface ApiSettingsUser {
  is_api_enabled: 0 | 1;
  is_ip_restriction: 0 | 1;
  api_allowed_ip: Array<{ ip: string }>;
  /** never the key itself: whether one exists, and its first characters to recognise it */
  has_api_key: boolean;
  api_key_prefix: string | null;
  /** managed domains (the gate: 10 or more, or 10,000 RP) */
  domain_count: number;
}
export interface ApiSettingsResult {
  user: ApiSettingsUser;
  point: number;
}
export interface ApiSettingsSaveRequest {
  isApiEnabled: 0 | 1;
  isIpRestriction: 0 | 1;
  apiAllowedIps: string[] | string;
}
export type ApiSettingsSaveRpcRequest = Partial<ApiSettingsSaveRequest> & { userId: number };
export interface ApiSettingsSaveResult {
  status: 1 | 0;
  errors: string[];
  /** the new key, only in the answer that made it (the first time API use is turned on); never again */
  apiKey?: string | null;
}
export interface ApiKeyVerifyResult {
  valid: boolean;
  userId: number | null;
  /** why not: 'unknown-key' | 'api-disabled' | 'ip-not-allowed' */
  reason: 'unknown-key' | 'api-disabled' | 'ip-not-allowed' | null;
}

/** Provisional .co.jp activation (000 spec §2, §7): mypage/JpDomainActivate. */
export const JpActivationPatterns = { List: WhoisPatterns.JpActivationList, Activate: WhoisPatterns.JpActivate } as const;
export interface JpActivationDomainDto {
  id: number;
  name: string;
  punycode: string;
  /** the deadline of the full registration (the provisional registration's end), YYYY-MM-DD Tokyo */
  deadline: string | null;
  /** the WHOIS entered at purchase, to start the form from */
  org_contact: JpOrgContact | null;
  reg_contact: JpContact | null;
}
export interface JpActivationListResult {
  domains: JpActivationDomainDto[];
}
export interface JpActivateRequest {
  domainName: string;
  contact: { org?: JpOrgContact; reg?: JpContact };
}
export type JpActivateRpcRequest = JpActivateRequest & { userId: number };
export interface JpActivateResult {
  result: boolean;
  message: string[];
  errors: Partial<Record<'org' | 'reg', Record<string, string>>>;
}
