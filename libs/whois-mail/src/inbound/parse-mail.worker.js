'use strict';
/*
 * A parse worker of parse-pool.ts (ADR 0065): parses the raw messages it is sent with parse-mail.ts's parseHere and
 * answers the parsed fields. The worker is started without the process's `-r @swc-node/register` (which loads the
 * TypeScript compiler to read tsconfig: seconds of start-up); the two TypeScript files it needs (parse-mail.ts and
 * parse-pool.ts, which import nothing of ours at run time) are compiled here by @swc/core, as swc-node would.
 */
const fs = require('node:fs');
const { parentPort } = require('node:worker_threads');

if (!require.extensions['.ts']) {
  const swc = require('@swc/core');
  require.extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    module._compile(code, filename);
  };
}
const { parseHere } = require('./parse-mail.ts');

parentPort.on('message', (m) => {
  const raw = Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength);
  parseHere(raw).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (e) => parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) }),
  );
});
