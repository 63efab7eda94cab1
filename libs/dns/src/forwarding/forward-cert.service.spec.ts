import { certFailureReason } from './forward-cert.service';

describe('certFailureReason', () => {
  it('words a failed HTTP-01 validation for the member, with the CA\'s own detail', () => {
    const r = certFailureReason('www.example.com', new Error('urn:ietf:params:acme:error:connection: Connection refused'));
    expect(r).toBe('www.example.comの所有確認（HTTP-01）に失敗しました。ネームサーバーが当社のもので、www.example.comのA・AAAAレコードが転送サービスを指していることをご確認ください（urn:ietf:params:acme:error:connection: Connection refused）');
  });

  it('words any other failure as the CA\'s, and keeps the detail short', () => {
    const r = certFailureReason('www.example.com', new Error(`urn:ietf:params:acme:error:rateLimited: ${'x'.repeat(400)}`));
    expect(r.startsWith('認証局での証明書の発行に失敗しました（urn:ietf:params:acme:error:rateLimited: ')).toBe(true);
    expect(r.length).toBeLessThan(340);
  });
});
