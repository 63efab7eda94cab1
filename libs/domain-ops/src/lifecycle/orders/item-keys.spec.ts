import { createdBy, itemAuthInfo } from './item-keys';

describe('the create\'s authInfo marked with its item', () => {
  it('tells the item whose create set it from any other, and says nothing of an unmarked code', () => {
    const code = itemAuthInfo(41);
    expect(code).toMatch(/^Rk[A-Za-z0-9_-]{18}1$/);
    expect(createdBy(code, 41)).toBe(true);
    expect(createdBy(code, 42)).toBe(false);
    expect(itemAuthInfo(41)).not.toBe(code);
    // an earlier release's code (15 characters), one the member changed, none in the answer
    expect(createdBy('RkAbCdEfGhIjKl1', 41)).toBeNull();
    expect(createdBy('my-own-code-2026', 41)).toBeNull();
    expect(createdBy(undefined, 41)).toBeNull();
  });
});
