import base from './vite.config';
import zlib from 'node:zlib';
export default (env: any) => {
  const c: any = (base as any)(env);
  c.plugins.push({
    name: 'analyze',
    generateBundle(_o: any, bundle: any) {
      const rows: string[] = []; console.log('GEN', Object.keys(bundle).length);
      for (const ch of Object.values<any>(bundle)) {
        if (ch.type !== 'chunk' || !/^assets\/(react|tanstack|shell|mantine-common|public)-/.test(ch.fileName)) continue;
        const mods = Object.entries<any>(ch.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(/.*\/wt\/i24\//, ''), m.renderedLength, m.code ? zlib.gzipSync(m.code).length : 0] as const).sort((a, b) => b[1] - a[1]);
        rows.push(`== ${ch.fileName} ${ch.code.length}`);
        for (const [id, n, g] of mods) if (n > 0) rows.push(`${String(n).padStart(8)} ${String(g).padStart(7)} ${id}`);
      }
      (globalThis as any).process.getBuiltinModule('fs').writeFileSync('/tmp/i24-analyze.txt', rows.join('\n'));
    },
  });
  c.build.outDir = '/tmp/i24-analyze-dist';
  return c;
};
