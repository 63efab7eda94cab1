import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { addressesOf, followLink, headerValues, trustedSender } from './links';

/** Issue 23, finding 3: what authenticates a registry's mail, and links never leave their origin. */
describe('links', () => {
  it('reads From addresses, trusted senders and raw header values', () => {
    expect(addressesOf('"Registry" <Registry@Registry.example>')).toEqual(['registry@registry.example']);
    expect(trustedSender('x@registry.example', ['@registry.example'])).toBe(true);
    expect(trustedSender('x@evilregistry.example', ['@registry.example'])).toBe(false);
    expect(trustedSender('x@registry.example.evil', ['x@registry.example'])).toBe(false);
    expect(headerValues(Buffer.from('A: 1\r\nX-Registry-Signature: v1=ab\r\n  cd\r\n\r\nX-Registry-Signature: body'), 'x-registry-signature')).toEqual(['v1=ab cd']);
  });

  it('follows a redirect within the link\'s origin, and refuses one to another host or port', async () => {
    const other = http.createServer((_q, r) => r.end('other'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    const otherPort = (other.address() as AddressInfo).port;
    const hits: string[] = [];
    const site = http.createServer((q, r) => {
      hits.push(q.url!);
      if (q.url === '/same') return r.writeHead(302, { location: '/done' }).end();
      if (q.url === '/away') return r.writeHead(302, { location: `http://127.0.0.1:${otherPort}/internal` }).end();
      r.end('ok');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await expect(followLink(`${base}/same`)).resolves.toEqual({ status: 200, body: 'ok' });
      await expect(followLink(`${base}/away`)).rejects.toThrow(/redirect to 127\.0\.0\.1:\d+ refused/);
      expect(hits).toEqual(['/same', '/done', '/away']);
    } finally {
      site.close();
      other.close();
    }
  });

  it('reads a page as a person\'s browser shows it: UTF-8, compressed or not, and tells an error page from a refusal', async () => {
    const sockets = new Set<unknown>();
    const site = http.createServer((q, r) => {
      if (q.url === '/gz') return r.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html; charset=utf-8' }).end(zlib.gzipSync('<p>承認しました</p>'));
      if (q.url === '/bom') return r.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>完了</p>')]));
      if (q.url === '/gone') return r.writeHead(410).end('<p>期限切れ</p>');
      if (q.url === '/busy') return r.writeHead(503).end('<p>later</p>');
      if (q.url === '/cut') { r.writeHead(200, { 'content-encoding': 'gzip', 'content-length': '100000' }).write(zlib.gzipSync('x'.repeat(1000)).subarray(0, 10)); setTimeout(() => q.socket.destroy(), 50); return; }
      r.end('ok');
    });
    site.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await expect(followLink(`${base}/gz`)).resolves.toEqual({ status: 200, body: '<p>承認しました</p>' });
      await expect(followLink(`${base}/bom`)).resolves.toEqual({ status: 200, body: '<p>完了</p>' });
      await expect(followLink(`${base}/gone`)).rejects.toMatchObject({ message: expect.stringMatching(/answered 410/), html: '<p>期限切れ</p>', permanent: true });
      await expect(followLink(`${base}/busy`)).rejects.toMatchObject({ message: expect.stringMatching(/answered 503/), permanent: false });
      // one after the other, the requests went over one kept connection
      expect(sockets.size).toBe(1);
      // a compressed answer cut off midway fails the follow (transient), and nothing else
      await expect(followLink(`${base}/cut`)).rejects.toThrow();
    } finally {
      site.close();
    }
  });

  it('reads the first MiB of a page larger than that, compressed or not (a gzip bomb read no further)', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 'b'));
    const site = http.createServer((q, r) => {
      if (q.url === '/bomb') return r.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
      r.end(Buffer.alloc(5 * 1024 * 1024, 'a'));
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await expect(followLink(`${base}/big`)).resolves.toEqual({ status: 200, body: 'a'.repeat(200_000) });
      await expect(followLink(`${base}/bomb`)).resolves.toEqual({ status: 200, body: 'b'.repeat(200_000) });
    } finally {
      site.closeAllConnections();
      site.close();
    }
  });

  it('reads an empty compressed answer as an empty page and raw deflate as deflate, as fetch did', async () => {
    const site = http.createServer((q, r) => {
      if (q.url === '/moved') return r.writeHead(302, { location: '/page', 'content-encoding': 'gzip', 'content-length': 0 }).end();
      if (q.url === '/empty') return r.writeHead(200, { 'content-encoding': 'br', 'content-length': 0 }).end();
      if (q.url === '/raw') return r.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateRawSync('承認しました (raw deflate)'));
      if (q.url === '/zlib') return r.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync('承認しました (zlib)'));
      r.end('the page');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await expect(followLink(`${base}/moved`)).resolves.toEqual({ status: 200, body: 'the page' });
      await expect(followLink(`${base}/empty`)).resolves.toEqual({ status: 200, body: '' });
      await expect(followLink(`${base}/raw`)).resolves.toEqual({ status: 200, body: '承認しました (raw deflate)' });
      await expect(followLink(`${base}/zlib`)).resolves.toEqual({ status: 200, body: '承認しました (zlib)' });
    } finally {
      site.closeAllConnections();
      site.close();
    }
  });

  it('asks again on a new connection when the server dropped the kept one before answering, and bounds the whole by its time-out', async () => {
    let requests = 0;
    const site = http.createServer((q, r) => {
      requests++;
      if (q.url === '/slow') return; // never answers
      if (requests === 2) return q.socket.destroy(); // the kept connection dropped as the second request arrives
      r.end('ok');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await expect(followLink(`${base}/a`)).resolves.toEqual({ status: 200, body: 'ok' });
      await expect(followLink(`${base}/b`)).resolves.toEqual({ status: 200, body: 'ok' });
      expect(requests).toBe(3);
      await expect(followLink(`${base}/slow`, 300)).rejects.toThrow(/did not answer in time/);
    } finally {
      site.closeAllConnections();
      site.close();
    }
  });
});
