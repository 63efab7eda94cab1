/**
 * Romanisation of the Japan Post kana readings (Hepburn, long vowels folded: トウキョウ -> Tokyo) for the English
 * address lines of the postal-code lookup.
 */
const BASE: Record<string, string> = {
  ア: 'a', イ: 'i', ウ: 'u', エ: 'e', オ: 'o', カ: 'ka', キ: 'ki', ク: 'ku', ケ: 'ke', コ: 'ko', サ: 'sa', シ: 'shi', ス: 'su', セ: 'se', ソ: 'so',
  タ: 'ta', チ: 'chi', ツ: 'tsu', テ: 'te', ト: 'to', ナ: 'na', ニ: 'ni', ヌ: 'nu', ネ: 'ne', ノ: 'no', ハ: 'ha', ヒ: 'hi', フ: 'fu', ヘ: 'he', ホ: 'ho',
  マ: 'ma', ミ: 'mi', ム: 'mu', メ: 'me', モ: 'mo', ヤ: 'ya', ユ: 'yu', ヨ: 'yo', ラ: 'ra', リ: 'ri', ル: 'ru', レ: 're', ロ: 'ro', ワ: 'wa', ヲ: 'o', ン: 'n',
  ガ: 'ga', ギ: 'gi', グ: 'gu', ゲ: 'ge', ゴ: 'go', ザ: 'za', ジ: 'ji', ズ: 'zu', ゼ: 'ze', ゾ: 'zo', ダ: 'da', ヂ: 'ji', ヅ: 'zu', デ: 'de', ド: 'do',
  バ: 'ba', ビ: 'bi', ブ: 'bu', ベ: 'be', ボ: 'bo', パ: 'pa', ピ: 'pi', プ: 'pu', ペ: 'pe', ポ: 'po', ヴ: 'vu',
  ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o',
};
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };

export function kanaToRomaji(kana: string): string {
  const s = kana.normalize('NFKC').replace(/[\s()（）]/g, '');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const next = s[i + 1];
    if (c === 'ッ') {
      const r = next ? (BASE[next] ?? '') : '';
      out += r.startsWith('ch') ? 't' : r.charAt(0);
      continue;
    }
    if (c === 'ー') continue;
    let r = BASE[c];
    if (r === undefined) { out += c; continue; }
    if (next && SMALL_Y[next]) {
      const v = SMALL_Y[next];
      r = r === 'shi' ? `sh${v}` : r === 'chi' ? `ch${v}` : r === 'ji' ? `j${v}` : `${r.slice(0, -1)}y${v}`;
      i++;
    }
    if (r === 'n' && next && /^[aiueoy]/.test(BASE[next] ?? '')) r = "n'";
    out += r;
  }
  // fold long vowels the way addresses are usually written (Kyoto, Chuo, Osaka)
  return out.replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u').replace(/n'/g, 'n');
}

const SUFFIX: Array<[string, string, string]> = [['区', 'ku', 'ku'], ['市', 'shi', 'shi'], ['町', 'machi', 'machi'], ['町', 'cho', 'cho'], ['村', 'mura', 'mura'], ['村', 'son', 'son']];

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** "中央区" + "ﾁｭｳｵｳｸ" -> "Chuo-ku"; "札幌市中央区" -> "Sapporoshichuo-ku" (the reading has no word breaks). */
export function romaniseCity(name: string, kana: string): string {
  const r = kanaToRomaji(kana);
  for (const [kanji, reading, suffix] of SUFFIX) {
    if (name.endsWith(kanji) && r.endsWith(reading) && r.length > reading.length) return `${cap(r.slice(0, -reading.length))}-${suffix}`;
  }
  return cap(r);
}

/** "銀座" + its reading "ギンザ" -> "Ginza"; a town without a reading (or none at all) gives "", never the kanji. */
export function romaniseTown(name: string, readings: Record<string, string>): string {
  const kana = name ? readings[name] : undefined;
  if (!kana) return '';
  const r = kanaToRomaji(kana);
  return /^[a-z]+$/.test(r) ? cap(r) : '';
}

export const PREFECTURES_EN = [
  'Hokkaido', 'Aomori', 'Iwate', 'Miyagi', 'Akita', 'Yamagata', 'Fukushima', 'Ibaraki', 'Tochigi', 'Gunma', 'Saitama', 'Chiba', 'Tokyo', 'Kanagawa',
  'Niigata', 'Toyama', 'Ishikawa', 'Fukui', 'Yamanashi', 'Nagano', 'Gifu', 'Shizuoka', 'Aichi', 'Mie', 'Shiga', 'Kyoto', 'Osaka', 'Hyogo',
  'Nara', 'Wakayama', 'Tottori', 'Shimane', 'Okayama', 'Hiroshima', 'Yamaguchi', 'Tokushima', 'Kagawa', 'Ehime', 'Kochi', 'Fukuoka', 'Saga', 'Nagasaki',
  'Kumamoto', 'Oita', 'Miyazaki', 'Kagoshima', 'Okinawa',
] as const;
