import { RuleCache } from './rule-cache';

describe('RuleCache', () => {
  const rule = { target: 'https://t.example/', status: 301 as const, keepPath: true };

  it('keeps rules and their absence until they expire or are dropped', () => {
    let now = 0;
    const c = new RuleCache(1000, 10, () => now);
    expect(c.get('a.example')).toBeUndefined();
    c.set('a.example', rule);
    c.set('none.example', null);
    expect(c.get('a.example')).toEqual(rule);
    expect(c.get('none.example')).toBeNull();
    c.drop('a.example');
    expect(c.get('a.example')).toBeUndefined();
    now = 1000;
    expect(c.get('none.example')).toBeUndefined();
  });

  it('holds at most max entries, the least recently used going first', () => {
    const c = new RuleCache(60_000, 2);
    c.set('a', rule);
    c.set('b', rule);
    c.get('a');
    c.set('c', rule);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toEqual(rule);
    expect(c.size).toBe(2);
  });
});
