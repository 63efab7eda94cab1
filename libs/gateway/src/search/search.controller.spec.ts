import { searchUrl } from './search.controller';

describe('searchUrl', () => {
  it('lands a keyword on the page with domain=', () => {
    expect(searchUrl('/search', { domain: ' example ' })).toBe('/search?domain=example');
  });
  it('lands a bulk list with domain_list= and type=2, one name a line', () => {
    expect(searchUrl('/mypage/search', { domain_list: 'a.com\r\nb.net' })).toBe('/mypage/search?domain_list=a.com%0Ab.net&type=2');
  });
  it('lands an empty form on the bare page', () => {
    expect(searchUrl('/search', {})).toBe('/search');
  });
});
