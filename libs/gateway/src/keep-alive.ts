/**
 * Idle keep-alive connections stay open 65 s (Node's default is 5 s). A client or proxy that reuses a connection the
 * server is closing at that very moment gets ECONNRESET; load balancers keep theirs ~60 s, so the server must outlast
 * them. headersTimeout must exceed keepAliveTimeout or Node cuts a slow request's headers first.
 */
export function keepIdleConnections(server: { keepAliveTimeout: number; headersTimeout: number }, idleMs = 65_000): void {
  server.keepAliveTimeout = idleMs;
  server.headersTimeout = idleMs + 1_000;
}
