/** The purchase rows as the page computes them from the estimate (000 §3 "Domain (purchase row)"): periods and totals. */
import type { CreateDomainItem, EstimateItem } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { registrationPeriodOptions, registrationTotal } from '@registrar/rules';

export interface PurchaseDomain {
  /** as shown (Unicode for IDN) */
  name: string;
  punycode: string;
  period?: number;
}

export interface PurchaseRow {
  name: string;
  punycode: string;
  estimate: EstimateItem | null;
  options: number[];
  period: number;
  /** registrationTotal for the chosen period; 0 when the price is unknown */
  point: number;
}

export function policyOf(e: EstimateItem) {
  return { minimum_years: e.minimum_years || 1, registration_unit: e.registration_unit || 1 };
}

export function buildRows(domains: PurchaseDomain[], estimates: EstimateItem[] | undefined, periods: Record<string, number>): PurchaseRow[] {
  return domains.map((d, i) => {
    const e = estimates?.find((x) => x.requestDomain === d.name || x.requestDomain === d.punycode || x.punycode === d.punycode) ?? estimates?.[i] ?? null;
    const ok = e && !e.error;
    const options = ok ? registrationPeriodOptions(d.punycode, policyOf(e)) : [];
    const wanted = periods[d.punycode] ?? d.period;
    const period = wanted !== undefined && options.includes(wanted) ? wanted : (options[0] ?? 1);
    return { name: d.name, punycode: d.punycode, estimate: e, options, period, point: ok ? registrationTotal(e.registerPrice, e.renewPrice, period) : 0 };
  });
}

/** The page errors for prices that could not be found: '{domain}の価格取得に失敗しました'. */
export function priceErrors(rows: PurchaseRow[], estimateFailed: boolean): string[] {
  return rows.filter((r) => estimateFailed || !r.estimate || r.estimate.error).map((r) => fmt(M.priceFetchFailed, { domain: r.name }));
}

export function toCreateItems(rows: PurchaseRow[]): CreateDomainItem[] {
  return rows.map((r) => ({ name: r.name, period: r.period, point: r.point }));
}
