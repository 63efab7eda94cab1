import http from 'node:http';
import { keepIdleConnections } from './keep-alive';

describe('keepIdleConnections', () => {
  it('keeps idle connections longer than a load balancer (60 s), with the header timeout above it', () => {
    const server = http.createServer();
    expect(server.keepAliveTimeout).toBe(5_000);
    keepIdleConnections(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
