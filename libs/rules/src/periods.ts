/** Registration and renewal period options (000 §5, §9). */
import { normaliseDomainInput, readDomainName } from './domain-name';

export const MAX_REGISTRATION_YEARS = 10;

export interface PeriodPolicy {
  minimum_years: number;
  registration_unit: number;
}

/** The TLD whose names register and renew in 2-year units ("domains with ai in the name", 000 §5, means .ai). */
export const TWO_YEAR_TLD = 'ai';

/**
 * The registration unit of a name. The name may be given in either form (日本語.ai or xn--wgv71a119e.ai): the rule reads
 * the TLD through parseDomainName, so the browser and the server get the same answer whatever form they hold.
 */
export function effectiveUnit(domainName: string, policy: PeriodPolicy): number {
  const unit = Math.max(1, policy.registration_unit || 1);
  const tld = readDomainName(domainName)?.tldPunycode ?? normaliseDomainInput(domainName).split('.').pop();
  return tld === TWO_YEAR_TLD ? Math.max(unit, 2) : unit;
}

function firstMultipleAtLeast(min: number, unit: number): number {
  return Math.ceil(Math.max(1, min) / unit) * unit;
}

/** Years selectable at registration: multiples of the unit, from the minimum, at most 10. */
export function registrationPeriodOptions(domainName: string, policy: PeriodPolicy): number[] {
  const unit = effectiveUnit(domainName, policy);
  const out: number[] = [];
  for (let y = firstMultipleAtLeast(policy.minimum_years, unit); y <= MAX_REGISTRATION_YEARS; y += unit) out.push(y);
  return out;
}

/** Years selectable at renewal: 1 to 9 times the unit, at least the minimum, below 10. Expired domains: only the minimum. */
export function renewalPeriodOptions(domainName: string, policy: PeriodPolicy, expired = false): number[] {
  const unit = effectiveUnit(domainName, policy);
  const min = firstMultipleAtLeast(policy.minimum_years, unit);
  if (expired) return [min];
  const out: number[] = [];
  for (let k = 1; k <= 9; k++) {
    const y = k * unit;
    if (y >= MAX_REGISTRATION_YEARS) break;
    if (y >= min) out.push(y);
  }
  return out;
}

/** The all-domains period change applies to a row only when the value is at least its minimum and a multiple of its unit. */
export function bulkPeriodApplies(years: number, domainName: string, policy: PeriodPolicy): boolean {
  const unit = effectiveUnit(domainName, policy);
  return years >= policy.minimum_years && years % unit === 0 && years <= MAX_REGISTRATION_YEARS;
}
