import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
});
