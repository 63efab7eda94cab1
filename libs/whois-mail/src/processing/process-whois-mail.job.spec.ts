import 'reflect-metadata';
import { WhoisMailStatus, WhoisMailType } from '@registrar/contracts';
import { registryMailSignature } from '@registrar/infra';
import { WM } from '@registrar/messages';
import type { StoredEmail } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProcessWhoisMailJob } from './process-whois-mail.job';

const mail = (over: Partial<StoredEmail> = {}): StoredEmail => ({
  id: 7, type: WhoisMailType.Nonstandard, status: WhoisMailStatus.Untreated, subject: 's', content: 'text', html: null, sender: 'a@b.example',
  envelopeFrom: 'a@b.example', recipient: 'px-x@whois-proxy.rakko.example', domainId: 1, userId: 100001, domainName: 'example.com', forwardedAt: null, createdAt: new Date(), ...over,
});

function newTestService(stored: StoredEmail | null, raw: string | null = null) {
  // start(): the mail with its raw message (one round trip; the repository reads the raw only for link types)
  const emails = {
    start: jest.fn(async () => (stored === null ? null : { ...stored, raw: raw === null ? null : Buffer.from(raw) })),
    succeeded: jest.fn(async () => undefined), failed: jest.fn(async () => undefined), attemptFailed: jest.fn(async () => undefined),
  };
  const forwarder = { forward: jest.fn(async () => undefined) };
  const config = Object.assign(new WhoisMailConfig(), { WHOIS_MAIL_REGISTRY_SENDERS: ['registry@registry.example'], WHOIS_MAIL_APPROVAL_BASE_URLS: ['http://127.0.0.1:9/approve/'], WHOIS_MAIL_REGISTRY_SECRET: 'secret' });
  const sut = new ProcessWhoisMailJob(emails as never, forwarder as never, config);
  return { sut, emails, forwarder };
}

describe(ProcessWhoisMailJob.name, () => {
  const first = { attemptsMade: 0, attempts: 3 };

  it('forwards a nonstandard mail to its member once and marks it successful', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
    expect(forwarder.forward).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 100001);
    expect(emails.succeeded).toHaveBeenCalledWith(7, true);
  });

  it('does not forward again a mail already forwarded (a retried job)', async () => {
    const { sut, forwarder, emails } = newTestService(mail({ forwardedAt: new Date() }));
    await sut.handle({ emailId: 7 }, { attemptsMade: 1, attempts: 3 });
    expect(forwarder.forward).not.toHaveBeenCalled();
    expect(emails.succeeded).toHaveBeenCalledWith(7, false);
  });

  it('leaves a successful mail alone', async () => {
    const { sut, emails, forwarder } = newTestService(mail({ status: WhoisMailStatus.Success }));
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
    expect(forwarder.forward).not.toHaveBeenCalled();
    expect(emails.succeeded).not.toHaveBeenCalled();
  });

  describe('a link-type mail is acted on only when it is the registry\'s (issue 23, finding 3)', () => {
    const link = 'http://127.0.0.1:9/approve/tok1';
    const signed = `X-Registry-Signature: ${registryMailSignature('secret', link)}\r\nSubject: s\r\n\r\nbody`;
    const registry = { type: WhoisMailType.Approval, sender: 'Registry <registry@registry.example>', envelopeFrom: 'registry@registry.example', content: `open ${link}` };
    it.each([
      ['another sender', { ...registry, sender: 'attacker@evil.example', envelopeFrom: 'attacker@evil.example' }, signed],
      ['a forged From with another envelope sender', { ...registry, envelopeFrom: 'attacker@evil.example' }, signed],
      ['no signature', registry, 'Subject: s\r\n\r\nbody'],
      ['a signature of another link', registry, `X-Registry-Signature: ${registryMailSignature('secret', 'http://127.0.0.1:9/approve/other')}\r\n\r\nx`],
      ['a link to another port of the host', { ...registry, content: 'open http://127.0.0.1:6379/approve/tok1' }, `X-Registry-Signature: ${registryMailSignature('secret', 'http://127.0.0.1:6379/approve/tok1')}\r\n\r\nx`],
      ['no link', { ...registry, content: 'no link' }, signed],
    ])('%s: forwarded to the member, nothing fetched', async (_what, over, raw) => {
      const fetchSpy = jest.spyOn(globalThis, 'fetch');
      const { sut, emails, forwarder } = newTestService(mail(over), raw);
      await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
      expect(forwarder.forward).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 100001);
      expect(emails.succeeded).toHaveBeenCalledWith(7, true);
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockRestore();
    });
  });

  it('keeps a transient failure for the retry, and marks the mail failed on the last attempt', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    forwarder.forward.mockRejectedValue(new Error('queue down <b>'));
    await expect(sut.handle({ emailId: 7 }, first)).rejects.toThrow('queue down');
    expect(emails.attemptFailed).toHaveBeenCalledWith(7, expect.stringContaining('queue down &lt;b&gt;'));
    expect(emails.failed).not.toHaveBeenCalled();
    await expect(sut.handle({ emailId: 7 }, { attemptsMade: 2, attempts: 3 })).rejects.toThrow('queue down');
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining('queue down'));
  });

  it('fails a mail with no domain (no member to forward to)', async () => {
    const { sut, emails } = newTestService(mail({ userId: null }));
    await sut.handle({ emailId: 7 }, first);
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining(WM.noDomain));
  });
});
