import { Coalescer } from './coalescer';

/** A run that waits until the test lets it finish, recording each batch it was given. */
function gatedRun() {
  const batches: number[][] = [];
  const gates: Array<() => void> = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((r) => gates.push(r));
    return items.map((i) => (i < 0 ? new Error(`bad ${i}`) : i * 10));
  };
  const waitForBatches = async (n: number) => { while (batches.length < n) await new Promise((r) => setImmediate(r)); };
  return { run, batches, gates, waitForBatches };
}

describe(Coalescer.name, () => {
  it('runs an item alone when idle, and the items submitted meanwhile together in the next run', async () => {
    const g = gatedRun();
    const c = new Coalescer(g.run, 100);
    const first = c.submit(1);
    await g.waitForBatches(1);
    const later = [c.submit(2), c.submit(3), c.submit(4)];
    g.gates[0]!();
    await expect(first).resolves.toBe(10);
    await g.waitForBatches(2);
    g.gates[1]!();
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
    expect(g.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches to their maximum size and runs one at a time', async () => {
    const g = gatedRun();
    const c = new Coalescer(g.run, 2);
    const all = [1, 2, 3, 4, 5].map((i) => c.submit(i));
    await g.waitForBatches(1);
    expect(g.batches).toEqual([[1, 2]]);
    for (let i = 0; i < 3; i++) {
      g.gates[i]!();
      if (i < 2) await g.waitForBatches(i + 2);
    }
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(g.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('stops a batch before its maximum weight, except for its first item', async () => {
    const g = gatedRun();
    const c = new Coalescer(g.run, 100, { weight: (i) => i, maxWeight: 10 });
    const all = [20, 3, 4, 5, 6].map((i) => c.submit(i));
    for (let i = 0; i < 4; i++) {
      await g.waitForBatches(i + 1);
      g.gates[i]!();
    }
    await expect(Promise.all(all)).resolves.toEqual([200, 30, 40, 50, 60]);
    expect(g.batches).toEqual([[20], [3, 4], [5], [6]]);
  });

  it('fails only the item its run answered with an error; a thrown run fails its whole batch and not the next', async () => {
    const g = gatedRun();
    const c = new Coalescer(g.run, 100);
    const a = c.submit(1);
    const b = c.submit(-1);
    await g.waitForBatches(1);
    g.gates[0]!();
    await expect(a).resolves.toBe(10);
    await expect(b).rejects.toThrow('bad -1');

    let calls = 0;
    const throwing = new Coalescer<number, number>(async (items) => {
      if (calls++ === 0) throw new Error('database down');
      return items.map((i) => i);
    });
    await expect(Promise.all([throwing.submit(1), throwing.submit(2)])).rejects.toThrow('database down');
    await expect(throwing.submit(3)).resolves.toBe(3);
  });
});
