import { CertSecret } from './cert-secret';

describe('CertSecret', () => {
  it('seals a key so that only the same secret opens it, and the sealed text does not contain it', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';
    const a = new CertSecret('first secret of sixteen+');
    const sealed = a.seal(key);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed).not.toBe(a.seal(key));
    expect(a.open(sealed)).toBe(key);
    expect(() => new CertSecret('another secret of 16+').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith('AA') ? 'BB' : 'AA');
    expect(() => a.open(parts.join('.'))).toThrow();
  });
});
