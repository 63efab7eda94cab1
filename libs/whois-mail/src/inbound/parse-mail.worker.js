'use strict';
/*
 * A parse worker of parse-pool.ts (ADR 0063): parses the raw messages it is sent with parse-mail.ts's parseHere and
 * answers the parsed fields. The services run TypeScript through @swc-node/register (ADR 0002), which a worker inherits
 * from the process's -r flag; a worker started from elsewhere (jest) registers it here.
 */
const { parentPort } = require('node:worker_threads');

if (!require.extensions['.ts']) require('@swc-node/register');
const { parseHere } = require('./parse-mail.ts');

parentPort.on('message', (m) => {
  const raw = Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength);
  parseHere(raw).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (e) => parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) }),
  );
});
