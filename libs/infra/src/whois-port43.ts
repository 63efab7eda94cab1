import net from 'node:net';

export interface WhoisPort43Options {
  port: number;
  host: string;
  /** the answer to one query line (the caller parses it) */
  answer(query: string): Promise<string>;
  onError?(e: Error): void;
}

export interface RunningWhoisServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A port-43 WHOIS server (RFC 3912): one query line, one answer, then the server closes the connection. Queries are
 * limited to 512 bytes and 10 s. Used by the gateway (our domains) and the registry simulator (its names).
 */
export async function startWhoisPort43(o: WhoisPort43Options): Promise<RunningWhoisServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    let buf = '';
    let done = false;
    socket.on('data', (chunk) => {
      if (done) return;
      buf += chunk.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl < 0 && buf.length < 512) return;
      done = true;
      const line = (nl >= 0 ? buf.slice(0, nl) : buf).replace(/\r$/, '').slice(0, 512);
      o.answer(line).then((text) => socket.end(text), (e: Error) => {
        o.onError?.(e);
        socket.end('% Internal error, try again later.\r\n');
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
