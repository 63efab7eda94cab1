import { bodyProblem, queryProblem, scalarBodyProblem } from './input-guard';

describe('input guard (issue 23, finding 9)', () => {
  it('refuses queries with objects, control bytes, or page and id numbers no column holds', () => {
    expect(queryProblem({ q: { $ne: '1' } })?.field).toBe('q');
    expect(queryProblem({ q: 'a\u0000b' })?.message).toContain('制御文字');
    expect(queryProblem({ page: '1e308' })?.message).toContain('数値が大きすぎます');
    expect(queryProblem({ userId: '123456789012345678901234567890' })?.field).toBe('userId');
    // a keyword of digits is a fine domain label; tabs are text
    expect(queryProblem({ keyword: '12345678901234567890', q: 'a\tb', page: '2', ids: ['1', '2'] })).toBeNull();
  });

  it('refuses bodies with NUL bytes or numbers beyond a safe integer, and objects where a search expects scalars', () => {
    expect(bodyProblem({ a: { b: ['x\u0000'] } })?.field).toBe('a.b');
    expect(bodyProblem({ page: 1e308 })?.field).toBe('page');
    expect(bodyProblem({ amount: 14080, note: '改行\nとタブ\t', nested: { ok: true } })).toBeNull();
    expect(scalarBodyProblem({ key: { $gt: '' } })?.field).toBe('key');
    expect(scalarBodyProblem({ key: 'a', ids: [1, 2], flag: true, none: null })).toBeNull();
  });
});
