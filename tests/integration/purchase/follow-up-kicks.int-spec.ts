/**
 * What a registration asks of the queues after its record (ADR 0061), with real Redis and BullMQ queues of the test's
 * own (nothing consumes them): the follow-up's run is the run of the registration's 500 ms slot, delayed to the slot's
 * end, so it starts after every mark committed before the ask; a process adds it once per slot, replicas asking for one
 * slot add one job; the proxy reserve's refill is asked at most once a second by a process. The clock is set per call
 * (Date.now), so no assertion depends on how fast the machine is.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { FlowProducer, Queue } from 'bullmq';
import { redisOptions } from '@registrar/infra';
import type { DomainOpsConfig } from '@registrar/domain-ops';
import { LifecycleQueue } from '../../../libs/domain-ops/src/lifecycle/lifecycle.queue';
import { WhoisQueue } from '../../../libs/domain-ops/src/whois/whois.queue';

jest.setTimeout(60_000);

const o = redisOptions(process.env.REDIS_URL!);
const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
const SLOT = 500;
let lifecycle: Queue;
let whois: Queue;
let flows: FlowProducer;

beforeAll(() => {
  const tag = randomBytes(4).toString('hex');
  lifecycle = new Queue(`test-lifecycle-${tag}`, { connection });
  whois = new Queue(`test-whois-${tag}`, { connection });
  flows = new FlowProducer({ connection });
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await lifecycle?.obliterate({ force: true }).catch(() => undefined);
  await whois?.obliterate({ force: true }).catch(() => undefined);
  await Promise.all([lifecycle?.close(), whois?.close(), flows?.close()]);
});

const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);

it('the follow-up is asked as the run of its slot, delayed to the slot\'s end: once per process and slot, one job for replicas asking for the same slot', async () => {
  const replicaA = new LifecycleQueue({} as DomainOpsConfig, lifecycle, flows);
  const replicaB = new LifecycleQueue({} as DomainOpsConfig, lifecycle, flows);
  const adds = jest.spyOn(lifecycle, 'add');
  // a slot well ahead of the real clock, so that no run of it could be due while the test reads it
  const start = (Math.floor(Date.now() / SLOT) + 1000) * SLOT;
  const slot = start / SLOT + 1;

  at(start + 100);
  await replicaA.kickFollowUps();
  at(start + 200);
  await replicaA.kickFollowUps();
  at(start + SLOT - 1);
  await replicaA.kickFollowUps();
  expect(adds).toHaveBeenCalledTimes(1);
  const job = await lifecycle.getJob(`registration-follow-ups-slot-${slot}`);
  expect(job).toBeDefined();
  expect(await job!.getState()).toBe('delayed');
  // it cannot start before the slot's end: after every ask of the slot, so after every mark committed before one
  expect(job!.timestamp + job!.delay).toBe(slot * SLOT);
  expect(job!.opts.priority).toBe(10);

  // another replica asking for the same slot: its own add, the same job
  at(start + 300);
  await replicaB.kickFollowUps();
  expect(adds).toHaveBeenCalledTimes(2);
  expect((await lifecycle.getDelayed()).filter((j) => j.id === `registration-follow-ups-slot-${slot}`)).toHaveLength(1);

  // the slot has ended: the next ask is the next slot's run
  at(start + SLOT);
  await replicaA.kickFollowUps();
  expect(adds).toHaveBeenCalledTimes(3);
  const next = await lifecycle.getJob(`registration-follow-ups-slot-${slot + 1}`);
  expect(next!.timestamp + next!.delay).toBe((slot + 1) * SLOT);

  // a retry's delayed run is as before
  at(start + SLOT + 10);
  await replicaA.kickFollowUps(2_000);
  expect(adds).toHaveBeenCalledTimes(4);
  expect(await lifecycle.getJob(`registration-follow-ups-at-${Math.ceil((start + SLOT + 10 + 2_000) / 500)}`)).toBeDefined();
});

it('the proxy reserve\'s refill is asked at most once a second by a process', async () => {
  const q = new WhoisQueue(whois);
  const adds = jest.spyOn(whois, 'add');
  const start = Date.now() + 1_000_000;
  at(start);
  await Promise.all([q.refillReserve(), q.refillReserve(), q.refillReserve()]);
  at(start + 999);
  await q.refillReserve();
  expect(adds).toHaveBeenCalledTimes(1);
  expect(await whois.getJob('proxy-reserve-refill-now')).toBeDefined();
  at(start + 1_000);
  await q.refillReserve();
  expect(adds).toHaveBeenCalledTimes(2);
  // another process asks on its own
  await new WhoisQueue(whois).refillReserve();
  expect(adds).toHaveBeenCalledTimes(3);
});
