import { M } from '@registrar/messages';
import { validateActionLogSearch } from './admin';

describe('validateActionLogSearch', () => {
  it('asks for a condition (002 §5)', () => {
    expect(validateActionLogSearch({}).errors).toEqual([M.specifyAnyCondition]);
  });
  it('takes "latest" without a condition: the page opens on the newest entries (issue 26)', () => {
    expect(validateActionLogSearch({ latest: 1, page: 2 })).toEqual({ value: { page: 2, latest: true }, errors: [] });
    expect(validateActionLogSearch({ latest: '1' }).errors).toEqual([]);
  });
  it('a condition wins over latest', () => {
    expect(validateActionLogSearch({ latest: 1, userId: '42' }).value).toEqual({ page: 1, userId: 42 });
  });
});
