/**
 * The public entry's route tree (public-route-tree.ts) must hold exactly the pages the gateway renders on the server
 * (ssr/public-pages.ts), each with the id, path and parent the generated whole tree gives it (routeTree.gen.ts):
 * a public page missing from it would hydrate as the 404 page, a wrong id would not match the server's markup.
 * Read as text: the modules import route components and styles that Jest does not load.
 */
import fs from 'node:fs';
import path from 'node:path';

// (kept beside the web's other source checks: the unit project does not run specs under apps/web)
const read = (f: string) => fs.readFileSync(path.join(__dirname, '../../../apps/web/src', f), 'utf8');

describe('the public route tree', () => {
  const tree = read('public-route-tree.ts');
  const block = tree.slice(tree.indexOf('export const PUBLIC_ROUTES = {'), tree.indexOf('} as const;'));
  const ids = [...block.matchAll(/^\s+'([^']+)': \w+,$/gm)].map((m) => m[1]).sort();
  const pages = read('ssr/public-pages.ts');
  const literal = [...pages.matchAll(/^\s+(?:\{ )?path: '([^']+)'/gm)].map((m) => m[1]);
  const legal = [...pages.matchAll(/^\s+\['([^']+)', '[^']+', (?:true|false)\],$/gm)].map((m) => m[1]);
  const generated = read('routeTree.gen.ts');

  it('lists every server-rendered public page, and only those', () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual([...literal, ...legal].sort());
  });

  it.each([...block.matchAll(/^\s+'([^']+)': (\w+),$/gm)].map((m) => [m[1], m[2]]))('%s is a child of the root with that id and path in the whole tree', (id) => {
    const flat = generated.replace(/\s+/g, ' ');
    expect(flat).toContain(`.update({ id: '${id}', path: '${id}', getParentRoute: () => rootRouteImport, } as any)`);
  });

  it('imports each route from the file the whole tree imports it from', () => {
    for (const [, name, file] of tree.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)';/g)) {
      if (name === 'rootRoute') continue;
      expect(generated).toContain(`from './routes/${file}'`);
    }
  });
});
