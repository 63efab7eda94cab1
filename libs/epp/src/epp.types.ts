/** Typed inputs and results of the EPP commands the client supports. Dates are Date objects; periods carry their unit. */

export type PeriodUnit = 'y' | 'm';
export interface Period {
  value: number;
  unit: PeriodUnit;
}

export type ContactType = 'admin' | 'billing' | 'tech';
export interface DomainContact {
  type: ContactType;
  id: string;
}

/** RFC 5731 status values (plus the RGP values of RFC 3915 reported separately). */
export type DomainStatus =
  | 'ok' | 'inactive'
  | 'clientDeleteProhibited' | 'clientHold' | 'clientRenewProhibited' | 'clientTransferProhibited' | 'clientUpdateProhibited'
  | 'serverDeleteProhibited' | 'serverHold' | 'serverRenewProhibited' | 'serverTransferProhibited' | 'serverUpdateProhibited'
  | 'pendingCreate' | 'pendingDelete' | 'pendingRenew' | 'pendingTransfer' | 'pendingUpdate';

export type RgpStatus = 'addPeriod' | 'autoRenewPeriod' | 'renewPeriod' | 'transferPeriod' | 'pendingDelete' | 'pendingRestore' | 'redemptionPeriod';

export interface DsData {
  keyTag: number;
  alg: number;
  digestType: number;
  digest: string;
}

export interface SecDnsInfo {
  maxSigLife?: number;
  dsData: DsData[];
}

export type CheckKind = 'available' | 'taken' | 'reserved' | 'premium' | 'unavailable';

export interface CheckResult {
  name: string;
  avail: boolean;
  reason?: string;
  /** derived from the registry's reason text */
  kind: CheckKind;
}

export interface DomainCreateInput {
  name: string;
  period?: Period;
  ns?: string[];
  registrant?: string;
  contacts?: DomainContact[];
  authInfo: string;
  secDNS?: SecDnsInfo;
}

export interface DomainCreateResult {
  name: string;
  crDate: Date;
  exDate?: Date;
  pending: boolean;
}

export interface DomainInfo {
  name: string;
  roid: string;
  statuses: DomainStatus[];
  rgpStatuses: RgpStatus[];
  registrant?: string;
  contacts: DomainContact[];
  ns: string[];
  hosts: string[];
  clID: string;
  crID?: string;
  crDate?: Date;
  upID?: string;
  upDate?: Date;
  exDate?: Date;
  trDate?: Date;
  authInfo?: string;
  secDNS?: SecDnsInfo;
}

export interface DomainRenewResult {
  name: string;
  exDate?: Date;
  pending: boolean;
}

export type TransferOp = 'request' | 'query' | 'approve' | 'reject' | 'cancel';
export type TransferStatus = 'clientApproved' | 'clientCancelled' | 'clientRejected' | 'pending' | 'serverApproved' | 'serverCancelled';

export interface TransferData {
  name: string;
  trStatus: TransferStatus;
  reID: string;
  reDate: Date;
  acID: string;
  acDate: Date;
  exDate?: Date;
}

export interface DomainTransferResult extends TransferData {
  pending: boolean;
}

export interface DomainUpdateInput {
  name: string;
  add?: { ns?: string[]; contacts?: DomainContact[]; statuses?: DomainStatus[] };
  rem?: { ns?: string[]; contacts?: DomainContact[]; statuses?: DomainStatus[] };
  chg?: { registrant?: string; authInfo?: string };
  secDNS?: { remAll?: boolean; rem?: DsData[]; add?: DsData[]; maxSigLife?: number };
}

export interface RestoreReport {
  preData: string;
  postData: string;
  delTime: Date;
  resTime: Date;
  resReason: string;
  statements: [string, string] | [string];
  other?: string;
}

export interface HostAddr {
  ip: 'v4' | 'v6';
  address: string;
}

export interface HostInfo {
  name: string;
  roid: string;
  statuses: string[];
  addrs: HostAddr[];
  clID: string;
  crID?: string;
  crDate?: Date;
  upDate?: Date;
}

export interface HostUpdateInput {
  name: string;
  add?: { addrs?: HostAddr[]; statuses?: string[] };
  rem?: { addrs?: HostAddr[]; statuses?: string[] };
  newName?: string;
}

export interface PostalInfo {
  type: 'int' | 'loc';
  name: string;
  org?: string;
  street: string[];
  city: string;
  sp?: string;
  pc?: string;
  cc: string;
}

export interface ContactCreateInput {
  id: string;
  postalInfo: PostalInfo[];
  voice?: string;
  /** the extension of the voice number (E.164a `x` attribute, RFC 5733 §2.5) */
  voiceExt?: string;
  fax?: string;
  faxExt?: string;
  email: string;
  authInfo: string;
}

export interface ContactInfo extends Omit<ContactCreateInput, 'authInfo'> {
  roid: string;
  statuses: string[];
  clID: string;
  crID?: string;
  crDate?: Date;
  upDate?: Date;
  authInfo?: string;
}

export interface ContactUpdateInput {
  id: string;
  add?: { statuses?: string[] };
  rem?: { statuses?: string[] };
  chg?: { postalInfo?: PostalInfo[]; voice?: string; voiceExt?: string; fax?: string; faxExt?: string; email?: string; authInfo?: string };
}

export interface ObjectCheckResult {
  id: string;
  avail: boolean;
  reason?: string;
}

export interface PollMessage {
  id: string;
  count: number;
  qDate?: Date;
  msg?: string;
  /** a transfer notice (domain:trnData) */
  transfer?: TransferData;
  /** a pending-action notice (domain:panData) */
  pendingAction?: { name: string; paResult: boolean; paTRID?: { clTRID?: string; svTRID: string }; paDate: Date };
  /** the domain an auto-renewal or deletion notice is about (domain:infData / renData) */
  domain?: { name: string; exDate?: Date };
}

export interface PollResult {
  /** 1300: no messages */
  empty: boolean;
  count: number;
  message?: PollMessage;
}

/** Who asked for a command: recorded in the registrar log. */
export interface CommandContext {
  userId?: number | null;
  domainPkid?: number | null;
}
