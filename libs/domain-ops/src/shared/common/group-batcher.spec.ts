import { GroupBatcher } from './group-batcher';

describe('GroupBatcher', () => {
  it('runs the calls of one tick together at once, and groups the calls made while a batch runs, each getting its own answer', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const b = new GroupBatcher<number, number>(async (xs) => {
      batches.push(xs);
      if (batches.length === 1) await gate;
      return xs.map((x) => x * 10);
    });
    // a job's domains submit one after the other in the same tick: one statement, not the first alone and then the rest
    const first = [b.submit(1), b.submit(2)];
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2]]);
    const rest = [b.submit(3), b.submit(4)];
    release();
    expect(await Promise.all([...first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1, 2], [3, 4]]);
  });

  it('gathers calls that come in the microtasks of earlier answers (the next step of a chunk) into one batch', async () => {
    const batches: number[][] = [];
    const b = new GroupBatcher<number, number>(async (xs) => { batches.push(xs); return xs; });
    const reads = new GroupBatcher<number, number>(async (xs) => xs);
    // each domain's second step starts when its first answer comes: all in the microtasks of one batch's answers
    await Promise.all([1, 2, 3, 4].map(async (x) => b.submit(await reads.submit(x))));
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('gives every caller of a failed batch its error, and goes on with the next batch', async () => {
    let n = 0;
    const b = new GroupBatcher<number, number>(async (xs) => {
      if (n++ === 0) throw new Error('down');
      return xs;
    });
    await expect(b.submit(1)).rejects.toThrow('down');
    await expect(b.submit(2)).resolves.toBe(2);
  });

  it('splits at the maximum size', async () => {
    const sizes: number[] = [];
    const b = new GroupBatcher<number, number>(async (xs) => { sizes.push(xs.length); return xs; }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((x) => b.submit(x)));
    expect(sizes.reduce((a, x) => a + x, 0)).toBe(5);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
  });
});

describe('GroupBatcher with a linger', () => {
  afterEach(() => jest.useRealTimers());

  it('in a busy period waits the linger before the first batch, so calls made one by one within it go together', async () => {
    jest.useFakeTimers();
    const batches: number[][] = [];
    const b = new GroupBatcher<number, number>(async (xs) => { batches.push(xs); return xs.map((x) => -x); }, 200, 10);
    // a lone call after a quiet time goes at once
    expect(await b.submit(0)).toBe(-0);
    expect(batches).toEqual([[0]]);
    batches.length = 0;
    const first = b.submit(1);
    await jest.advanceTimersByTimeAsync(4);
    const second = b.submit(2);
    await jest.advanceTimersByTimeAsync(4);
    const third = b.submit(3);
    expect(batches).toEqual([]);
    await jest.advanceTimersByTimeAsync(2);
    expect(await Promise.all([first, second, third])).toEqual([-1, -2, -3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('lingers before every batch of a busy period, not only the first: calls that come while one batch runs wait for company', async () => {
    jest.useFakeTimers();
    const batches: number[][] = [];
    let release!: () => void;
    const b = new GroupBatcher<number, number>(async (xs) => {
      batches.push(xs);
      if (xs[0] === 1) await new Promise<void>((r) => { release = r; });
      return xs;
    }, 200, 10);
    await b.submit(0); // a batch has run: a busy period
    const first = b.submit(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([[0], [1]]);
    // 2 comes while [1] is written; 3 and 4 come within the linger after it
    const rest = [b.submit(2)];
    release();
    await jest.advanceTimersByTimeAsync(4);
    rest.push(b.submit(3));
    await jest.advanceTimersByTimeAsync(4);
    rest.push(b.submit(4));
    expect(batches).toEqual([[0], [1]]);
    await jest.advanceTimersByTimeAsync(2);
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[0], [1], [2, 3, 4]]);
  });

  it('ends a linger early once the maximum number of calls wait', async () => {
    jest.useFakeTimers();
    const batches: number[][] = [];
    const b = new GroupBatcher<number, number>(async (xs) => { batches.push(xs); return xs; }, 3, 1_000);
    await b.submit(0);
    const all = [b.submit(1), b.submit(2), b.submit(3)];
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[0], [1, 2, 3]]);
    await Promise.all(all);
  });

  it('does not linger while no more calls are coming (more() answers false), and ends a linger once that is so', async () => {
    jest.useFakeTimers();
    const batches: number[][] = [];
    let coming = true;
    const b = new GroupBatcher<number, number>(async (xs) => { batches.push(xs); return xs; }, 200, 1_000, () => coming);
    await b.submit(0);
    const first = b.submit(1);
    await jest.advanceTimersByTimeAsync(5);
    expect(batches).toEqual([[0]]);
    // the last call of the run: nothing else is awaited, so the lingering batch goes now, with it
    coming = false;
    const last = b.submit(2);
    await jest.advanceTimersByTimeAsync(0);
    expect(await Promise.all([first, last])).toEqual([1, 2]);
    expect(batches).toEqual([[0], [1, 2]]);
    // and a busy-period call with nothing more coming goes at once
    const alone = b.submit(3);
    await jest.advanceTimersByTimeAsync(0);
    expect(await alone).toBe(3);
    expect(batches).toEqual([[0], [1, 2], [3]]);
  });
});
