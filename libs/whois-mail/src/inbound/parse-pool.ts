import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParsedInbound } from './parsed-inbound';

/**
 * Large messages are parsed off the event loop (ADR 0065): libqp decodes a quoted-printable body in one synchronous
 * call (≈ 0.15-0.4 s a MiB, seconds at the 10 MiB limit), and so do the base64 and charset decoders and the HTML-to-text
 * of an HTML-only mail; on the main thread that stalls every other SMTP session of the replica, its health endpoint and
 * its BullMQ locks. A small pool of worker threads (one fewer than the cores, at least one, at most 4) runs the same
 * parse (parseHere) on a copy of the raw bytes; the answer is the same object, so what is stored does not change.
 * Idle workers do not keep the process alive. A worker that dies fails its tasks, and the caller parses on the main
 * thread as before: a mail is never lost because of the pool.
 */
const SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const WORKER_FILE = join(__dirname, 'parse-mail.worker.js');

interface Task { id: number; raw: Buffer; resolve(p: ParsedInbound): void; reject(e: Error): void }
interface Slot { worker: Worker; task: Task | null }

const slots: Slot[] = [];
const queue: Task[] = [];
let nextId = 1;

function start(): Slot {
  const slot: Slot = { worker: new Worker(WORKER_FILE, { execArgv: [] }), task: null };
  slot.worker.unref();
  slot.worker.on('message', (m: { id: number; result?: ParsedInbound; error?: string }) => {
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    slot.task = null;
    slot.worker.unref();
    if (m.result) task.resolve(m.result);
    else task.reject(new Error(m.error ?? 'parse failed'));
    pump();
  });
  const fail = (e: Error) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    const task = slot.task;
    slot.task = null;
    task?.reject(e);
    pump();
  };
  slot.worker.on('error', fail);
  slot.worker.on('exit', (code) => fail(new Error(`parse worker exited (${code})`)));
  slots.push(slot);
  return slot;
}

function pump(): void {
  while (queue.length) {
    const slot = slots.find((s) => !s.task) ?? (slots.length < SIZE ? start() : null);
    if (!slot) return;
    const task = queue.shift()!;
    slot.task = task;
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, raw: task.raw });
  }
}

/** Parses a message in a worker thread; rejects if the worker fails (the caller then parses on its own thread). */
export function parseOffThread(raw: Buffer): Promise<ParsedInbound> {
  return new Promise<ParsedInbound>((resolve, reject) => {
    queue.push({ id: nextId++, raw, resolve, reject });
    pump();
  });
}

/**
 * Starts one worker ahead of the first large mail (the inbound SMTP server calls it when it starts): a worker loads
 * mailparser and compiles its two files, ≈ 0.2-2 s by the machine's load, in its own thread, but a first large mail
 * would wait for it.
 */
export function warmParsePool(): void {
  if (!slots.length) start();
}

/** Stops the pool's workers (tests; a process exits without it, idle workers being unref'd). */
export async function closeParsePool(): Promise<void> {
  const all = slots.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
