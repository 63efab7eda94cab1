import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { Injectable } from '@nestjs/common';
import { assertJobHandlers, JobRouter, WORKER_RESILIENCE } from './jobs';

describe('one handler per job name', () => {
  it('accepts exactly one handler for every job name of the queue', () => {
    expect(() => assertJobHandlers('q', ['a', 'b'], [{ jobName: 'a' }, { jobName: 'b' }])).not.toThrow();
  });
  it('refuses a job name without a handler', () => {
    expect(() => assertJobHandlers('q', ['a', 'b'], [{ jobName: 'a' }])).toThrow('job b of queue q has 0 handlers; exactly one is required');
  });
  it('refuses two handlers for one job name', () => {
    expect(() => assertJobHandlers('q', ['a'], [{ jobName: 'a' }, { jobName: 'a' }])).toThrow('job a of queue q has 2 handlers');
  });
  it('refuses a handler for a job of another queue', () => {
    expect(() => assertJobHandlers('q', ['a'], [{ jobName: 'a' }, { jobName: 'z' }])).toThrow('handlers for unknown jobs on q: z');
  });

  it('a JobRouter missing a handler stops the module from booting, and routes jobs by name', async () => {
    @Injectable()
    class A { handle = async (d: { x: number }) => d.x + 1; }
    class Incomplete extends JobRouter {
      constructor(a: A) { super('q', ['a', 'b'], [{ jobName: 'a', handler: a }]); }
    }
    class Complete extends JobRouter {
      constructor(a: A) { super('q', ['a'], [{ jobName: 'a', handler: a }]); }
    }
    await expect(Test.createTestingModule({ providers: [A, { provide: Incomplete, useFactory: (a: A) => new Incomplete(a), inject: [A] }] }).compile()).rejects.toThrow('job b of queue q has 0 handlers');
    const mod = await Test.createTestingModule({ providers: [A, { provide: Complete, useFactory: (a: A) => new Complete(a), inject: [A] }] }).compile();
    const router = mod.get(Complete);
    await expect(router.process({ name: 'a', data: { x: 1 }, attemptsMade: 0, opts: {} } as never)).resolves.toBe(2);
    await expect(router.process({ name: 'nope', data: {}, attemptsMade: 0, opts: {} } as never)).rejects.toThrow('no handler for job nope on q');
  });

  it('a JobRouter whose worker lacks the short lock and stall settings refuses to start (a killed replica\'s jobs would wait a minute)', async () => {
    class R extends JobRouter {
      constructor() { super('q', [], []); }
    }
    const withOpts = (opts: object): R => {
      const r = new R();
      Object.assign(r as object, { _worker: { opts, waitUntilReady: async () => undefined, concurrency: 1 } });
      return r;
    };
    await expect(withOpts({}).onApplicationBootstrap()).rejects.toThrow('q: its @Processor must use WORKER_RESILIENCE');
    await expect(withOpts({ lockDuration: 30_000, stalledInterval: 2_000 }).onApplicationBootstrap()).rejects.toThrow('WORKER_RESILIENCE');
    await expect(withOpts({ ...WORKER_RESILIENCE }).onApplicationBootstrap()).resolves.toBeUndefined();
  });
});
