/**
 * Transfer-in rules (000 spec §5 "Transfer-in", §9): the entry lines, and when a registered domain may move to us.
 * Pure functions shared by the entry page and the server (the server is the authority).
 */
import { M } from '@registrar/messages';
import { daysBetweenJst } from './dates';

/** At most this many lines per transfer-in (the registry work is one command per domain). */
export const MAX_TRANSFER_LINES = 100;
export const TRANSFER_MIN_DAYS_BEFORE_EXPIRY = 15;
export const TRANSFER_MIN_DAYS_BEFORE_EXPIRY_JP = 31;
export const TRANSFER_LOCK_DAYS = 60;

export interface TransferLine {
  name: string;
  authcode: string;
}

/**
 * The lines of the textarea: the first token is the name, the next (after comma, tab, space or full-width space) the
 * AUTHCODE. Full-width input is accepted and converted (ｅｘａｍｐｌｅ．ｃｏｍ，ａｂｃ → example.com abc: NFKC, and the
 * Japanese full stops 。｡ as dots).
 */
export function parseTransferLines(text: string): TransferLine[] {
  return String(text ?? '')
    .normalize('NFKC')
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/[。｡]/g, '.').trim())
    .filter((l) => l.length > 0)
    .map((l) => {
      const [name = '', authcode = ''] = l.split(/[,\t \u3000]+/).filter((t) => t.length > 0);
      return { name: name.toLowerCase(), authcode };
    });
}

/** The part after the first dot (the TLD as the list names it: co.jp, com, …). */
export function transferTldOf(name: string): string {
  const i = name.indexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** The entry form's first error (000 §5): a line without a dot, or a TLD not in the transferable list; null when fine. */
export function transferEntryError(lines: TransferLine[], transferableTlds: readonly string[]): string | null {
  if (!lines.length) return M.enterDomainCorrectly;
  const tlds = new Set(transferableTlds.map((t) => t.toLowerCase()));
  for (const l of lines) if (!l.name.includes('.') || l.name.endsWith('.') || l.name.startsWith('.')) return M.enterDomainCorrectly;
  for (const l of lines) if (!tlds.has(transferTldOf(l.name))) return M.notTransferableTld;
  if (lines.length > MAX_TRANSFER_LINES) return M.transferTooManyLines.replace('{max}', String(MAX_TRANSFER_LINES));
  return null;
}

export const isJpTransfer = (tld: string) => tld === 'jp' || tld.endsWith('.jp');

/**
 * When the registry's dates allow a transfer (000 §9): at least 15 days to expiry (31 for .JP); at least 60 days since
 * the registration or the last transfer (not .JP). Null when it may move; else the message.
 */
export function transferEligibilityError(i: { tld: string; now: Date; exDate?: Date | null; crDate?: Date | null; trDate?: Date | null }): string | null {
  const jp = isJpTransfer(i.tld);
  const minDays = jp ? TRANSFER_MIN_DAYS_BEFORE_EXPIRY_JP : TRANSFER_MIN_DAYS_BEFORE_EXPIRY;
  if (i.exDate && daysBetweenJst(i.now, i.exDate) < minDays) return M.transferTooCloseToExpiry.replace('{days}', String(minDays));
  if (!jp) {
    const from = i.trDate && i.crDate && i.trDate > i.crDate ? i.trDate : (i.trDate ?? i.crDate);
    if (from && daysBetweenJst(from, i.now) < TRANSFER_LOCK_DAYS) return M.transferTooSoonAfterRegistration;
  }
  return null;
}

/** The transfer price: .jp (general-use and Japanese .jp, not co.jp) is free when eligible; else the TLD's transfer price. */
export function transferPrice(tld: string, price: { transfer: number | null; renew: number | null }): number {
  if (tld === 'jp') return 0;
  return price.transfer ?? price.renew ?? 0;
}
