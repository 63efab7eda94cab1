import { WhoisMailType } from '@registrar/contracts';

/**
 * How an inbound WHOIS proxy mail gets its type: the rules below, read top to bottom, first match wins; a mail that
 * matches none is 0 nonstandard (forwarded to the member). A rule matches when every condition it has matches:
 * `from` is tested against the sender (header From and envelope MAIL FROM), `subject` against the subject.
 * Operators read and change this one table (docs/whois-mail.md lists it too); its tests are classification.rules.spec.ts.
 */
export interface ClassificationRule {
  type: WhoisMailType;
  /** why the rule exists, for operators */
  note: string;
  from?: RegExp;
  subject?: RegExp;
}

export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  {
    type: WhoisMailType.RegistrantChangeComplete,
    note: 'registrant change approved and done (ICANN change of registrant, JPRS 登録者名変更)',
    subject: /((change of registrant|registrant change|登録者(名|情報)?変更).*(complete|completed|finished|完了))|((complete|completed).*(change of registrant|registrant change))/i,
  },
  {
    type: WhoisMailType.TransferOutDisapproved,
    note: 'a transfer-out of a proxied domain was not approved (must be placed before the approval rule)',
    subject: /(transfer.*(disapprov|not approved|reject|denied|declined))|(移管.*(不承認|拒否|却下))/i,
  },
  {
    type: WhoisMailType.Approval,
    note: 'a registrant change awaiting approval by the current registrant; its link is followed',
    subject: /((approv|confirm|承認).*(registrant|登録者|whois change|contact change))|((registrant|登録者|whois change).*(approv|承認))/i,
  },
  {
    type: WhoisMailType.DesOte,
    note: 'data escrow (DES) operational test and evaluation notices',
    subject: /(\bDES\b.*\bOTE\b)|(data escrow)/i,
  },
  {
    type: WhoisMailType.AccuracyCheck,
    note: 'ICANN WHOIS accuracy / e-mail verification; its link is followed',
    subject: /(whois.*(accuracy|verif|正確))|(正確性)|((verify|verification).*(contact|e-?mail address|whois))|(メールアドレス.*(確認|認証))/i,
  },
  {
    type: WhoisMailType.ExpiryNotice,
    note: 'expiry and renewal reminders from an upstream registry',
    subject: /(expir|renewal (notice|reminder)|有効期限|期限切れ|更新(期限|のお知らせ))/i,
  },
];

export interface ClassifiableMail {
  from: string;
  subject: string;
}

/** The type of a mail by the rules above. */
export function classifyWhoisMail(mail: ClassifiableMail, rules: readonly ClassificationRule[] = CLASSIFICATION_RULES): WhoisMailType {
  for (const r of rules) {
    if (r.from && !r.from.test(mail.from)) continue;
    if (r.subject && !r.subject.test(mail.subject)) continue;
    return r.type;
  }
  return WhoisMailType.Nonstandard;
}

/** Types processed by following the link in the mail; every other type is forwarded to the member. */
export const LINK_TYPES: ReadonlySet<WhoisMailType> = new Set([WhoisMailType.Approval, WhoisMailType.AccuracyCheck]);
