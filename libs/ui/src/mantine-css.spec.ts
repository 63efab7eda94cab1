/**
 * The web app (apps/web/src/styles/mantine.css) imports only the Mantine stylesheets it uses (ADR 0025). A component used without its line there
 * renders unstyled, and nothing else would notice: this reads every Mantine component the web app and libs/ui import
 * and fails when one that ships a stylesheet has no @import line.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(spec|gen)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('mantine.css', () => {
  it('has a line for every Mantine component the app uses', () => {
    const used = new Set<string>();
    for (const file of [...sources(path.join(ROOT, 'apps/web/src')), ...sources(path.join(ROOT, 'libs/ui/src'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of m[1].split(',').map((s) => s.replace(/\btype\b/, '').split(' as ')[0].trim()).filter(Boolean)) used.add(name);
      }
    }
    const css = fs.readFileSync(path.join(ROOT, 'apps/web/src/styles/mantine.css'), 'utf8');
    const imported = new Set([...css.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]));
    const missing = [...used].filter((name) => fs.existsSync(path.join(STYLES, `${name}.css`)) && !imported.has(name)).sort();
    expect(missing).toEqual([]);
  });
});
