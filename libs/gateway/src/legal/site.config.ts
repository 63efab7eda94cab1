import { plainToInstance, Transform } from 'class-transformer';
import { IsNotEmpty, IsObject, IsString, validateSync, ValidateIf } from 'class-validator';
import { BaseConfig, ConfigError, loadConfig } from '@registrar/infra';

/** A sibling service sharing the one account id (002 §2 "services map": keyed by number, url, short_name, name_jp). */
export interface ServiceEntry {
  url: string;
  short_name: string;
  name_jp: string;
  description: string;
}

const SAMPLE = '（サンプル）';

/** The operator's details shown on the legal pages; each defaults to a sample value outside production. */
export const OPERATOR_SAMPLES = {
  OPERATOR_LEGAL_NAME: `ラッコドメイン運営株式会社${SAMPLE}`,
  OPERATOR_ADDRESS: `〒100-0001 東京都千代田区千代田1-1-1 サンプルビル5階${SAMPLE}`,
  OPERATOR_REPRESENTATIVE: `代表取締役 山田 太郎${SAMPLE}`,
  OPERATOR_PHONE: `03-0000-0000${SAMPLE}`,
  OPERATOR_EMAIL: `support@example.jp${SAMPLE}`,
  OPERATOR_BUSINESS_HOURS: `平日 10:00〜18:00（土日祝・年末年始を除く）${SAMPLE}`,
} as const;

const requiredInProduction = ValidateIf((c: SiteConfig) => c.NODE_ENV === 'production');
const json = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value || '{}') as unknown;
  } catch {
    return value; // left as a string: @IsObject reports it
  }
};

/**
 * The site's public configuration: the operator's details (特定商取引法に基づく表記, 会社概要, the contact lines of the
 * terms and privacy policy) and the services map. Production refuses to start without the operator's details; the
 * local runtime and tests show sample values marked （サンプル）. The services map holds only services that exist;
 * the default is none (docs/legal.md).
 */
export class SiteConfig extends BaseConfig {
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_LEGAL_NAME is required in production (the legal pages show it)' })
  OPERATOR_LEGAL_NAME = '';
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_ADDRESS is required in production (the legal pages show it)' })
  OPERATOR_ADDRESS = '';
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_REPRESENTATIVE is required in production (the legal pages show it)' })
  OPERATOR_REPRESENTATIVE = '';
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_PHONE is required in production (the legal pages show it)' })
  OPERATOR_PHONE = '';
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_EMAIL is required in production (the legal pages show it)' })
  OPERATOR_EMAIL = '';
  @requiredInProduction @IsString() @IsNotEmpty({ message: 'OPERATOR_BUSINESS_HOURS is required in production (the legal pages show it)' })
  OPERATOR_BUSINESS_HOURS = '';

  /** JSON: {"2": {"url": "https://…", "short_name": "server", "name_jp": "…", "description": "…"}, …}; default none. */
  @Transform(json) @IsObject({ message: 'SERVICES_MAP must be a JSON object keyed by number' })
  SERVICES_MAP: Record<string, ServiceEntry> = {};

  /** The operator's details to show: the configured ones, or the marked samples outside production. */
  get operator() {
    const v = (k: keyof typeof OPERATOR_SAMPLES) => this[k] || (this.NODE_ENV === 'production' ? '' : OPERATOR_SAMPLES[k]);
    return {
      legal_name: v('OPERATOR_LEGAL_NAME'),
      address: v('OPERATOR_ADDRESS'),
      representative: v('OPERATOR_REPRESENTATIVE'),
      phone: v('OPERATOR_PHONE'),
      email: v('OPERATOR_EMAIL'),
      business_hours: v('OPERATOR_BUSINESS_HOURS'),
      sample: !this.OPERATOR_LEGAL_NAME,
    };
  }

  /** The services map, each entry checked (a malformed one stops the process at boot). */
  get services(): Record<string, ServiceEntry> {
    return this.SERVICES_MAP;
  }
}

class ServiceEntryCheck {
  @IsString() @IsNotEmpty() url!: string;
  @IsString() @IsNotEmpty() short_name!: string;
  @IsString() @IsNotEmpty() name_jp!: string;
  @IsString() description!: string;
}

export function siteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const c = loadConfig(SiteConfig, env);
  for (const [key, entry] of Object.entries(c.SERVICES_MAP)) {
    const errors = /^\d+$/.test(key) ? validateSync(plainToInstance(ServiceEntryCheck, { description: '', ...(entry as object) })) : [{ property: 'key' }];
    if (errors.length) throw new ConfigError(`Invalid configuration:\n  SERVICES_MAP[${key}]: needs a numeric key and url, short_name, name_jp (strings)`);
  }
  return c;
}
