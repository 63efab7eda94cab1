/**
 * URL forwarding and mail forwarding (転送設定, issue 29 items 4 and 5): owned by the dns service (the rules live with
 * the zone whose A/AAAA and MX records they add), served by the forwarder (HTTP) and the whois-mail inbound SMTP (mail).
 */

/** The HTTP calls of the 転送設定 screen (gateway). */
export const ForwardingPaths = {
  /** GET ?id= -> ForwardingListResult */
  list: '/mypage/domain/forwarding',
  /** POST UrlForwardSaveRequest -> ForwardingSaveResult */
  saveUrl: '/mypage/domain/forwarding/url',
  /** POST MailForwardSaveRequest -> ForwardingSaveResult */
  saveMail: '/mypage/domain/forwarding/mail',
  /** POST { id, kind, forwardId } -> ForwardingSaveResult */
  remove: '/mypage/domain/forwarding/delete',
} as const;

export const ForwardingPatterns = {
  /** { userId, id } -> ForwardingListResult (NOT_FOUND for another member's domain) */
  List: 'dns.forwarding.list',
  /** UrlForwardSaveRequest & { userId } -> ForwardingSaveResult */
  SaveUrl: 'dns.forwarding.save-url',
  /** MailForwardSaveRequest & { userId } -> ForwardingSaveResult */
  SaveMail: 'dns.forwarding.save-mail',
  /** { userId, id, kind, forwardId } -> ForwardingSaveResult */
  Remove: 'dns.forwarding.remove',
  /** { address } -> MailForwardLookup | null: where mail to this address goes (whois-mail's inbound SMTP) */
  MailLookup: 'dns.forwarding.mail-lookup',
} as const;

export interface UrlForwardDto {
  id: number;
  /** '' for the domain itself, else the host under it ('www') */
  host: string;
  fqdn: string;
  target: string;
  status: 301 | 302;
  /** append the request's path and query to the target */
  keep_path: boolean;
  /** the HTTPS certificate obtained over ACME; null when automatic certificates are off (HTTP only) */
  certificate: ForwardCertificateDto | null;
  created_at: string;
  updated_at: string;
}

/** 発行中 / 有効（期限 YYYY/MM/DD） / 発行失敗 (docs/forwarding.md "HTTPS"). */
export type ForwardCertificateState = 'pending' | 'valid' | 'failed';

export interface ForwardCertificateDto {
  state: ForwardCertificateState;
  /** the end of the certificate's validity (valid; also while a renewal is pending or failed) */
  not_after: string | null;
  /** why the last issuance failed (failed; or a failed renewal of a still valid certificate) */
  reason: string | null;
}

export interface MailForwardDto {
  id: number;
  /** the local part, '*' for every address not forwarded on its own */
  local_part: string;
  address: string;
  target: string;
  created_at: string;
}

export interface ForwardingListResult {
  domain: { id: number; name: string; punycode: string };
  /** the domain uses our name servers: the records are answered (otherwise forwarding cannot be set) */
  isOurDns: boolean;
  url: UrlForwardDto[];
  mail: MailForwardDto[];
  /** the address the forwarded hosts' A record points at, the MX host of forwarded mail (shown in the screen) */
  forwarderIpv4: string;
  forwarderIpv6: string;
  mxHost: string;
  limits: { url: number; mail: number; mailPerHour: number };
  /** HTTPS certificates of URL forwards are obtained automatically (ACME on); otherwise only where the operator placed one */
  autoCertificates: boolean;
}

export interface UrlForwardSaveRequest {
  /** the domain id */
  id: number;
  /** set to change an existing forward; absent to add one */
  forwardId?: number;
  host: string;
  target: string;
  status: 301 | 302;
  keep_path: boolean;
}

export interface MailForwardSaveRequest {
  id: number;
  forwardId?: number;
  local_part: string;
  target: string;
}

export interface ForwardingSaveResult {
  result: boolean;
  errors: string[];
  /** the list after the change */
  list?: ForwardingListResult;
}

export interface MailForwardLookup {
  domainPkId: number;
  userId: number;
  punycode: string;
  /** where the mail goes */
  target: string;
  /** the address matched ('*@example.com' for the catch-all) */
  matched: string;
}

/** Redis channel on which the dns service announces a changed URL forward (message: the fqdn); forwarders drop it from their cache. */
export const URL_FORWARD_CHANNEL = 'forwarding:url:changed';

/** Redis channel on which the dns service announces a changed certificate (message: the fqdn); forwarders drop it from their cache. */
export const FORWARD_CERT_CHANNEL = 'forwarding:cert:changed';
