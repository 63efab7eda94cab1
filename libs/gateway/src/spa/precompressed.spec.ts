import express from 'express';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { precompressedStatic, webCacheControl } from './precompressed';

describe('precompressedStatic', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  const script = 'export const greeting = "こんにちは";\n'.repeat(50);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/app-abc.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/app-abc.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/plain-abc.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'secret.txt.br'), 'not served');
  const app = express();
  app.use(precompressedStatic(dir));
  app.use(express.static(dir, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', webCacheControl(file)) }));
  /** the response as sent, body undecoded (supertest would decode it) */
  const raw = (urlPath: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        http.get({ host: '127.0.0.1', port, path: urlPath, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => server.close(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })));
        }).on('error', reject);
      });
    });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the Brotli file, typed as the original, to a browser that accepts br', async () => {
    const res = await raw('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the file as it is to a client without br, and a file without a .br as it is', async () => {
    const gz = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBeUndefined();
    expect(gz.text).toBe(script);
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await request(app).get('/assets/plain-abc.js').set('Accept-Encoding', 'br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('export {};\n');
  });

  it('serves nothing outside the build nor any file type but scripts, styles and SVGs', async () => {
    expect((await request(app).get('/secret.txt').set('Accept-Encoding', 'br')).status).toBe(404);
    expect((await request(app).get('/assets/..%2F..%2Fetc%2Fpasswd').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
