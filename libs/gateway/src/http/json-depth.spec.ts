import { jsonNestsDeeperThan } from './json-depth';

describe(jsonNestsDeeperThan.name, () => {
  it('counts nesting outside strings only', () => {
    expect(jsonNestsDeeperThan(Buffer.from('{"a":[{"b":1}]}'), 3)).toBe(false);
    expect(jsonNestsDeeperThan(Buffer.from('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(jsonNestsDeeperThan(Buffer.from('{"a":"[[[[[[\\"[[[["}'), 1)).toBe(false);
  });
  it('refuses 15,000 levels without recursion', () => {
    expect(jsonNestsDeeperThan(Buffer.from('['.repeat(15_000) + ']'.repeat(15_000)), 64)).toBe(true);
  });
});
