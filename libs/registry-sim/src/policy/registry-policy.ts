import raw from './tld-groups.json';

export interface TldPolicy {
  group: string;
  description: string;
  /** names per check command; more answers 2306 */
  maxCheck: number;
  periodUnit: 'y' | 'm';
  minPeriod: number;
  maxPeriod: number;
  /** expiry may not go further than this many years from now (renew, transfer) */
  maxHorizonYears: number;
  transfer: boolean;
  /** no transfer-out this many days after create or transfer */
  transferLockDays: number;
  transferAutoApproveDays: number;
  /** years a completed transfer adds to the expiry */
  transferAddsYears: number;
  transferMinDaysBeforeExpiry: number;
  transferExpiry?: 'oneYearFromTransfer';
  addGraceDays: number;
  renewGraceDays: number;
  autoRenewGraceDays: number;
  transferGraceDays: number;
  redemptionDays: number;
  pendingDeleteDays: number;
  restoreReportDays: number;
  onExpiry: 'autoRenew' | 'delete';
  registrantRequired: boolean;
  /**
   * A change of registrant waits for the current registrant's approval by e-mail (ICANN Transfer Policy, Change of
   * Registrant): the update answers 1001 and the domain shows pendingUpdate until the mailed link is followed.
   */
  registrantChangeApproval?: boolean;
  onePerOrganisation?: boolean;
  provisionalMonths?: number;
}

type PolicyFile = {
  defaultGroup: string;
  ccTldGroup: string;
  groups: Record<string, Omit<TldPolicy, 'group'>>;
  tlds: Record<string, string>;
  suffixes: Array<{ suffix: string; group: string }>;
};

/** Registry policy per TLD group (policy/tld-groups.json). TLDs are given in their ASCII (punycode) form. */
export class RegistryPolicy {
  private readonly cache = new Map<string, TldPolicy>();
  constructor(private readonly file: PolicyFile = raw as PolicyFile) {
    for (const g of [file.defaultGroup, file.ccTldGroup, ...Object.values(file.tlds), ...file.suffixes.map((s) => s.group)]) {
      if (!file.groups[g]) throw new Error(`registry policy: unknown group ${g}`);
    }
  }

  groupOf(tld: string): string {
    const t = tld.toLowerCase();
    if (this.file.tlds[t]) return this.file.tlds[t];
    for (const s of this.file.suffixes) if (t === s.suffix || t.endsWith(s.suffix)) return s.group;
    if (/^[a-z]{2}$/.test(t)) return this.file.ccTldGroup;
    return this.file.defaultGroup;
  }

  forTld(tld: string): TldPolicy {
    const t = tld.toLowerCase();
    let p = this.cache.get(t);
    if (!p) {
      const group = this.groupOf(t);
      p = { group, ...this.file.groups[group] };
      this.cache.set(t, p);
    }
    return p;
  }

  /** the smallest check limit of the TLDs in one command */
  maxCheckFor(tlds: string[]): number {
    return Math.min(...tlds.map((t) => this.forTld(t).maxCheck));
  }

  groups(): Record<string, Omit<TldPolicy, 'group'>> {
    return this.file.groups;
  }
}
