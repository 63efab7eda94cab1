import { linkifyText, truncateText } from './text';

describe('truncateText', () => {
  it('keeps text up to the length and adds ... beyond it', () => {
    expect(truncateText('12345678901234567890', 20)).toBe('12345678901234567890');
    expect(truncateText('123456789012345678901', 20)).toBe('12345678901234567890...');
    expect(truncateText('ドメインの有効期限が近づいています。更新してください', 20)).toBe('ドメインの有効期限が近づいています。更新...');
    expect(truncateText(null, 5)).toBe('');
  });
  it('never splits a surrogate pair', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('linkifyText', () => {
  it('finds http(s) links and leaves the rest as text', () => {
    expect(linkifyText('承認はこちら https://reg.example/a?b=1. 以上')).toEqual([
      { kind: 'text', text: '承認はこちら ' },
      { kind: 'link', text: 'https://reg.example/a?b=1', href: 'https://reg.example/a?b=1' },
      { kind: 'text', text: '. 以上' },
    ]);
  });
  it('does not link javascript: or markup', () => {
    expect(linkifyText('<a href="javascript:alert(1)">x</a>')).toEqual([{ kind: 'text', text: '<a href="javascript:alert(1)">x</a>' }]);
  });
});
