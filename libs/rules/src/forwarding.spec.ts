import { M } from '@registrar/messages';
import { checkTargetUrl, forwardHostError, forwardLocation, FORWARD_URL_MAX, localPartError, mailTargetError, normaliseForwardHost } from './forwarding';

describe('URL forwarding rules', () => {
  it('accepts http and https URLs only', () => {
    expect(checkTargetUrl('https://example.com/a?b=1').error).toBe('');
    expect(checkTargetUrl('HTTP://Example.COM').url?.href).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/', '//example.com', 'example.com', 'vbscript:x', 'file:///etc/passwd']) {
      expect(checkTargetUrl(bad).error).toBe(M.fwdUrlScheme);
    }
  });

  it('refuses empty, spaced, over-long and credentialed URLs', () => {
    expect(checkTargetUrl('').error).toBe(M.fwdUrlRequired);
    expect(checkTargetUrl('https://exa mple.com/').error).toBe(M.fwdUrlInvalid);
    expect(checkTargetUrl('https://example.com/\r\nSet-Cookie: x=1').error).toBe(M.fwdUrlInvalid);
    expect(checkTargetUrl(`https://example.com/${'a'.repeat(FORWARD_URL_MAX)}`).error).toMatch(/文字以内/);
    expect(checkTargetUrl('https://u:p@example.com/').error).toBe(M.fwdUrlCredentials);
  });

  it('keeps the path and query when asked, joined to the target\'s own', () => {
    expect(forwardLocation('https://t.example/', false, '/a/b?c=1')).toBe('https://t.example/');
    expect(forwardLocation('https://t.example/', true, '/a/b?c=1')).toBe('https://t.example/a/b?c=1');
    expect(forwardLocation('https://t.example/base/', true, '/a')).toBe('https://t.example/base/a');
    expect(forwardLocation('https://t.example/base', true, '/')).toBe('https://t.example/base');
    expect(forwardLocation('https://t.example/p?x=1', true, '/q?y=2')).toBe('https://t.example/p/q?x=1&y=2');
    // an absolute URL in the request line does not change the target's host
    expect(forwardLocation('https://t.example/', true, '//evil.example/x')).toMatch(/^https:\/\/t\.example\//);
  });

  it('checks host names and addresses', () => {
    expect(normaliseForwardHost('@')).toBe('');
    expect(normaliseForwardHost('WWW.')).toBe('www');
    expect(forwardHostError('www', 'example.com')).toBe('');
    expect(forwardHostError('shop.jp', 'example.com')).toBe('');
    expect(forwardHostError('-bad', 'example.com')).toBe(M.fwdHostInvalid);
    expect(forwardHostError('a b', 'example.com')).toBe(M.fwdHostInvalid);
    expect(localPartError('*')).toBe('');
    expect(localPartError('info.sales+x')).toBe('');
    expect(localPartError('.info')).toBe(M.fwdLocalInvalid);
    expect(mailTargetError('me@example.net')).toBe('');
    expect(mailTargetError('me@localhost')).toBe(M.fwdMailTargetInvalid);
  });
});
