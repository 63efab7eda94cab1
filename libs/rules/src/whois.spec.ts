import { normaliseStaff, tokyoDateKey } from './whois';

describe('normaliseStaff', () => {
  it('joins an individual name into organization and clears department and position', () => {
    const c = normaliseStaff({ role: 'individual', first_name: ' Taro ', last_name: 'Yamada', first_name_jp: '太郎', last_name_jp: '山田', department: 'IT', position: 'CTO' });
    expect(c).toMatchObject({ organization: 'Taro Yamada', organization_jp: '山田 太郎', department: '', position: '', first_name: 'Taro' });
  });
  it('keeps an organization as typed (trimmed)', () => {
    expect(normaliseStaff({ role: 'organization', organization: ' Example Inc. ', department: 'IT' })).toMatchObject({ organization: 'Example Inc.', department: 'IT' });
  });
});

describe('tokyoDateKey', () => {
  it('is the calendar day in Tokyo', () => {
    expect(tokyoDateKey(new Date('2026-11-21T15:30:00Z'))).toBe('20261122');
    expect(tokyoDateKey(new Date('2026-11-21T14:59:00Z'))).toBe('20261121');
  });
});
