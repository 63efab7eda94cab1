import { normalizeResult, specResultCode } from './epp.errors';
import { maskSecrets, maskSecretsShared, MASK } from './registrar-log/registrar-log.types';
import { encodeFrame, FrameDecoder } from './transport/framing';

describe('normalizeResult', () => {
  it.each([[1000, 'success'], [1300, 'success'], [1301, 'success'], [1500, 'success'], [1001, 'pending'], [2202, 'failed'], [2400, 'failed'], [0, 'failed']])('%i is %s', (code, result) => {
    expect(normalizeResult(code)).toBe(result);
  });

  it('maps to the admin spec codes: 10000 success, 20000 failure, below 20000 pending', () => {
    expect([specResultCode('success'), specResultCode('pending'), specResultCode('failed')]).toEqual([10000, 10001, 20000]);
  });
});

describe('maskSecrets', () => {
  it('masks passwords and authInfo at any depth and leaves the rest', () => {
    const masked = maskSecrets({ name: 'a.com', authInfo: 'secret', report: { pw: 'x', nested: [{ newPW: 'y', password: 'z' }] }, chg: { authInfo: { pw: 'k' } } });
    expect(masked).toEqual({ name: 'a.com', authInfo: MASK, report: { pw: MASK, nested: [{ newPW: MASK, password: MASK }] }, chg: { authInfo: MASK } });
    expect(JSON.stringify(masked)).not.toMatch(/secret|"x"|"y"|"z"|"k"/);
  });

  it('copy on write (a parsed answer): masks the same, leaves the input as it was, shares what has nothing to mask', () => {
    const input = { code: 1000, resData: { infData: { name: 'a.com', authInfo: { pw: 'secret' }, status: [{ '@s': 'ok' }] } }, chkData: { cd: [{ name: 'b.com' }] }, at: new Date('2026-01-02T03:04:05Z') };
    const before = JSON.stringify(input);
    const masked = maskSecretsShared(input);
    expect(masked).toEqual({ ...maskSecrets(input), at: '2026-01-02T03:04:05.000Z' });
    expect(masked.resData.infData.authInfo).toBe(MASK);
    expect(JSON.stringify(input)).toBe(before);
    expect(masked.chkData).toBe(input.chkData);
    expect(masked.resData.infData.status).toBe(input.resData.infData.status);
    const plain = { code: 1000, resData: { chkData: { cd: [{ name: 'c.com' }] } } };
    expect(maskSecretsShared(plain)).toBe(plain);
  });
});

describe(FrameDecoder.name, () => {
  it('reassembles frames split across chunks and separates frames sharing a chunk', () => {
    const a = encodeFrame('<epp>a</epp>');
    const b = encodeFrame('<epp>日本語</epp>');
    const all = Buffer.concat([a, b]);
    const d = new FrameDecoder();
    expect(d.push(all.subarray(0, 3))).toEqual([]);
    expect(d.push(all.subarray(3, a.length + 5))).toEqual(['<epp>a</epp>']);
    expect(d.push(all.subarray(a.length + 5))).toEqual(['<epp>日本語</epp>']);
  });

  it('refuses an impossible length', () => {
    const bad = Buffer.alloc(4);
    bad.writeUInt32BE(2, 0);
    expect(() => new FrameDecoder().push(bad)).toThrow(/length/);
  });
});
