import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { CATALOG_CLIENT, CatalogPatterns, DispatchRequest, DispatchResult, PriceSearchRequest, PriceSearchResult, SearchType, TldPriceDto } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { M } from '@registrar/messages';
import { isCheckable, parseBulk, parseKeyword, SearchName, toPunycode, toUnicode } from '@registrar/rules';
import { AvailabilityConfig } from '../availability.config';

interface TldRow {
  ascii: string;
  display: string;
  is_idn: boolean;
}

const CATALOGUE_TTL_MS = 30_000;

/**
 * POST search/domain/dispatch: validates the search input with the shared rules (the server is the authority) and
 * lists the rows to check. A keyword is checked under every TLD of the category, its own TLD first; a bulk input
 * has one row per name. TLDs come from the catalogue (CatalogPatterns.PriceSearch), never from its schema.
 */
@Injectable()
export class DispatchService {
  private readonly logger = new Logger(DispatchService.name);
  private readonly catalogue = new Map<string, { at: number; rows: TldRow[] }>();

  constructor(@Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy, private readonly config: AvailabilityConfig) {}

  async dispatch(req: DispatchRequest): Promise<DispatchResult> {
    const userId = req?.userId ?? null;
    const keywords = Array.isArray(req?.keywords) ? req.keywords.filter((k): k is string => typeof k === 'string') : [];
    const type = req?.type === SearchType.Bulk || (req?.type === undefined && keywords.length > 1) ? SearchType.Bulk : SearchType.Keyword;
    const categoryId = typeof req?.categoryId === 'number' && Number.isInteger(req.categoryId) && req.categoryId > 0 ? req.categoryId : null;

    let tlds: TldRow[];
    try {
      tlds = await this.tlds(type === SearchType.Bulk ? null : categoryId);
    } catch (e) {
      this.logger.warn(`catalogue unavailable for dispatch: ${(e as Error).message}`);
      return failure(userId, M.retryLater);
    }

    if (type === SearchType.Keyword) {
      if (keywords.length > 1) return failure(userId, M.keywordWhitespace);
      const parsed = parseKeyword(keywords[0] ?? '');
      if (!parsed.ok) return failure(userId, parsed.error);
      const k = parsed.value;
      const first = k.tldPunycode ? tlds.filter((t) => t.ascii === k.tldPunycode) : [];
      const ordered = [...first, ...tlds.filter((t) => !first.includes(t))];
      return rows(userId, ordered.map((t) => ({ name: k, tld: t })));
    }

    const parsed = parseBulk(keywords.join('\n'), { fiveAtATime: this.config.SEARCH_BULK_FIVE_AT_A_TIME });
    if (!parsed.ok) return failure(userId, parsed.error);
    const byAscii = new Map(tlds.map((t) => [t.ascii, t]));
    return rows(userId, parsed.value.map((n) => ({ name: n, tld: byAscii.get(n.tldPunycode!) ?? null, fallback: n })));
  }

  /** Every TLD of a category in catalogue order, cached briefly (names and IDN support only; prices are not used here). */
  private async tlds(categoryId: number | null): Promise<TldRow[]> {
    const key = String(categoryId ?? 'all');
    const hit = this.catalogue.get(key);
    if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.rows;
    const res = await rpc<PriceSearchResult, PriceSearchRequest>(this.catalog, CatalogPatterns.PriceSearch, { categoryId }, this.config.RPC_TIMEOUT_MS);
    const list = [...(res?.tldPrices ?? [])].sort((a, b) => a.ordinal - b.ordinal);
    // a TLD may have two price rows (e.g. jp and its Japanese-label price, is_idn_price): one search row per TLD
    const seen = new Set<string>();
    const tldRows = list.map(toTldRow).filter((t) => !seen.has(t.ascii) && seen.add(t.ascii));
    this.catalogue.set(key, { at: Date.now(), rows: tldRows });
    return tldRows;
  }
}

function toTldRow(t: TldPriceDto): TldRow {
  const ascii = (t.tld_name_punycode || toPunycode(t.tld_name)).toLowerCase();
  return { ascii, display: t.tld_name || toUnicode(ascii), is_idn: t.is_idn };
}

function failure(userId: number | null, message: string): DispatchResult {
  return { result: false, userId, punycode: [], japaneseDomain: [], domain: [], tlds: [], tld_name: [], checkable: [], error_msg: [message] };
}

/** A row whose TLD the catalogue does not sell is listed but not checked. */
function rows(userId: number | null, list: { name: SearchName; tld: TldRow | null; fallback?: SearchName }[]): DispatchResult {
  const out: DispatchResult = { result: true, userId, punycode: [], japaneseDomain: [], domain: [], tlds: [], tld_name: [], checkable: [], error_msg: [] };
  for (const { name, tld } of list) {
    out.punycode.push(name.labelPunycode);
    out.japaneseDomain.push(name.idn);
    out.domain.push(name.label);
    out.tlds.push(tld?.ascii ?? name.tldPunycode ?? '');
    out.tld_name.push(tld?.display ?? name.tld ?? '');
    out.checkable.push(tld !== null && isCheckable(name, tld));
  }
  return out;
}
