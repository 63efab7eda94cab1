/**
 * Integration tests talk to real PostgreSQL, Redis, the registry simulator and the local payment servers on a shared,
 * often busy machine: jest's default 5 s per test fails them for load, not for a fault. A file's own jest.setTimeout
 * still wins (it runs later).
 */
jest.setTimeout(120_000);
