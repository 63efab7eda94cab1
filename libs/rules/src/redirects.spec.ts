import { safeAppPath } from './redirects';

describe('safeAppPath (issue 23, finding 5)', () => {
  it.each([
    '/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '\t//evil.example', ' /evil', '/\\evil.example', '//evil.example',
    'https://evil.example/', 'https:evil.example', 'javascript:alert(1)', '/\u0000/evil', '/\u3000/evil', 'mypage', '', null, 42, { a: 1 },
  ])('refuses %j', (p) => {
    expect(safeAppPath(p, '/fallback')).toBe('/fallback');
  });

  it('keeps a path of the app, normalised', () => {
    expect(safeAppPath('/mypage/search?action=createDomain', '/f')).toBe('/mypage/search?action=createDomain');
    expect(safeAppPath('/mypage/../mypage/domain#x', '/f')).toBe('/mypage/domain#x');
    expect(safeAppPath('/%2F%2Fevil.example', '/f')).toBe('/%2F%2Fevil.example');
  });
});
