import express from 'express';
import helmet from 'helmet';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { immutableAssets, precompressedStatic, webCacheControl } from './precompressed';

describe('the web build\'s files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  const script = 'export const greeting = "こんにちは";\n'.repeat(50);
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const name of ['assets/app-abc.js', 'boot.js']) {
    fs.writeFileSync(path.join(dir, name), script);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(script));
  }
  fs.writeFileSync(path.join(dir, 'assets/plain-abc.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'not served');
  fs.writeFileSync(path.join(dir, 'secret.txt.br'), 'not served');
  // as the gateway: hashed assets ahead of the document headers, the rest behind them
  const app = express();
  app.use(immutableAssets(dir));
  app.use(helmet());
  app.use(precompressedStatic(dir));
  app.use(express.static(dir, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', webCacheControl(file)) }));
  app.use((_req, res) => res.status(404).send('page middleware'));
  let server: http.Server;
  let port = 0;
  beforeAll(() => new Promise<void>((resolve) => { server = app.listen(0, '127.0.0.1', () => { port = (server.address() as AddressInfo).port; resolve(); }); }));
  afterAll(() => new Promise<void>((resolve) => server.close(() => { fs.rmSync(dir, { recursive: true, force: true }); resolve(); })));

  /** the response as sent, its body not decoded */
  const get = (urlPath: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: urlPath, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('sends a hashed script as Brotli to a browser that takes it, typed as the script, cached for good, without document headers', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    // what acts on a subresource stays; what acts on documents only, and validators of an immutable file, do not
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const h of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'etag', 'last-modified']) expect(res.headers[h]).toBeUndefined();
  });

  it('sends gzip to a client without Brotli, and the file as it is to one without either', async () => {
    const gz = await get('/assets/app-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    // a file without variants is left to the page stack (here express.static, with the document headers)
    const unvaried = await get('/assets/plain-abc.js', 'br');
    expect(unvaried.headers['content-encoding']).toBeUndefined();
    expect(unvaried.headers['content-security-policy']).toBeDefined();
    expect(unvaried.body.toString()).toBe('export {};\n');
  });

  it('sends the other files of the build (boot.js) precompressed too, with the page headers', async () => {
    const res = await get('/boot.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('leaves what is no file of the build to the page middleware, and serves nothing outside it', async () => {
    expect((await get('/assets/missing-abc.js', 'br')).body.toString()).toBe('page middleware');
    expect((await get('/assets/..%2F..%2Fetc%2Fpasswd', 'br')).body.toString()).toBe('page middleware');
    const txt = await get('/secret.txt', 'br');
    expect(txt.headers['content-encoding']).toBeUndefined();
  });
});
