import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
    startMany: jest.fn(async (_ids: number[]) => (stored === null ? [] : [{ ...stored, raw: raw === null ? null : Buffer.from(raw) }])),
    succeededMany: jest.fn(async (_m: Array<{ id: number; forwarded: boolean }>) => undefined), failed: jest.fn(async () => undefined), attemptFailed: jest.fn(async () => undefined),
  };
  const forwarder = { forwardMany: jest.fn(async (_m: StoredEmail[]) => undefined) };
  const config = Object.assign(new WhoisMailConfig(), { WHOIS_MAIL_REGISTRY_SENDERS: ['registry@registry.example'], WHOIS_MAIL_APPROVAL_BASE_URLS: ['http://127.0.0.1:9/approve/'], WHOIS_MAIL_REGISTRY_SECRET: 'secret' });
  const sut = new ProcessWhoisMailJob(emails as never, forwarder as never, config);
  return { sut, emails, forwarder };
}

describe(ProcessWhoisMailJob.name, () => {
  const first = { attemptsMade: 0, attempts: 3 };

  it('forwards a nonstandard mail to its member once and marks it successful', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
    expect(forwarder.forwardMany).toHaveBeenCalledWith([expect.objectContaining({ id: 7, userId: 100001 })]);
    expect(emails.succeededMany).toHaveBeenCalledWith([{ id: 7, forwarded: true }]);
  });

  it('a first attempt whose store marked its start (ADR 0059) reads nothing back and forwards the mails it was given', async () => {
    const { sut, emails, forwarder } = newTestService(null);
    const given = [{ ...mail({ id: 7 }), raw: null }, { ...mail({ id: 8, userId: 100002 }), raw: null }];
    await expect(sut.handle({ emailIds: [7, 8] }, first, undefined, given)).resolves.toMatchObject({ status: WhoisMailStatus.Success });
    expect(emails.startMany).not.toHaveBeenCalled();
    expect(forwarder.forwardMany).toHaveBeenCalledWith([expect.objectContaining({ id: 7, userId: 100001 }), expect.objectContaining({ id: 8, userId: 100002 })]);
    expect(emails.succeededMany).toHaveBeenCalledWith([{ id: 7, forwarded: true }, { id: 8, forwarded: true }]);
  });

  it('does not forward again a mail already forwarded (a retried job)', async () => {
    const { sut, forwarder, emails } = newTestService(mail({ forwardedAt: new Date() }));
    await sut.handle({ emailId: 7 }, { attemptsMade: 1, attempts: 3 });
    expect(forwarder.forwardMany).not.toHaveBeenCalled();
    expect(emails.succeededMany).toHaveBeenCalledWith([{ id: 7, forwarded: false }]);
  });

  it('leaves a successful mail alone', async () => {
    const { sut, emails, forwarder } = newTestService(mail({ status: WhoisMailStatus.Success }));
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
    expect(forwarder.forwardMany).not.toHaveBeenCalled();
    expect(emails.succeededMany).not.toHaveBeenCalled();
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
      expect(forwarder.forwardMany).toHaveBeenCalledWith([expect.objectContaining({ id: 7, userId: 100001 })]);
      expect(emails.succeededMany).toHaveBeenCalledWith([{ id: 7, forwarded: true }]);
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockRestore();
    });
  });

  it('keeps a transient failure for the retry, and marks the mail failed on the last attempt', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    forwarder.forwardMany.mockRejectedValue(new Error('queue down <b>'));
    await expect(sut.handle({ emailId: 7 }, first)).rejects.toThrow('queue down');
    expect(emails.attemptFailed).toHaveBeenCalledWith(7, expect.stringContaining('queue down &lt;b&gt;'));
    expect(emails.failed).not.toHaveBeenCalled();
    await expect(sut.handle({ emailId: 7 }, { attemptsMade: 2, attempts: 3 })).rejects.toThrow('queue down');
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining('queue down'));
  });

  it('a retry job of a batch first run where it was stored counts its attempts on from that run (ADR 0054)', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    forwarder.forwardMany.mockRejectedValue(new Error('queue down'));
    // the first attempt ran in place; the retry job has the 2 attempts that remain of 3
    await expect(sut.handle({ emailId: 7, attemptsBefore: 1 }, { attemptsMade: 0, attempts: 2 })).rejects.toThrow('queue down');
    expect(emails.attemptFailed).toHaveBeenCalledWith(7, expect.stringContaining('attempt 2'));
    expect(emails.failed).not.toHaveBeenCalled();
    await expect(sut.handle({ emailId: 7, attemptsBefore: 1 }, { attemptsMade: 1, attempts: 2 })).rejects.toThrow('queue down');
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining('attempt 3'));
  });

  it('fails a mail with no domain (no member to forward to)', async () => {
    const { sut, emails } = newTestService(mail({ userId: null }));
    await sut.handle({ emailId: 7 }, first);
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining(WM.noDomain));
  });

  describe('a job of a stored batch (ADR 0044)', () => {
    it('keeps each mail\'s own outcome; a transient failure retries only the mails still open', async () => {
      // 9 is the registry's approval mail; its link answers 503 once (transient), then 200
      let answers = 0;
      const site = http.createServer((_q, r) => { r.writeHead(answers++ === 0 ? 503 : 200).end('busy'); });
      await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
      const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}/approve/`;
      const link = `${base}tok9`;
      try {
        const rows = new Map<number, StoredEmail & { raw: Buffer | null }>([
          [7, { ...mail({ id: 7 }), raw: null }],
          [8, { ...mail({ id: 8, userId: null }), raw: null }],
          [9, { ...mail({ id: 9, type: WhoisMailType.Approval, sender: 'registry@registry.example', envelopeFrom: 'registry@registry.example', content: `open ${link}` }),
            raw: Buffer.from(`X-Registry-Signature: ${registryMailSignature('secret', link)}\r\n\r\nbody`) }],
        ]);
        const emails = {
          startMany: jest.fn(async (ids: number[]) => ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []))),
          succeededMany: jest.fn(async (m: Array<{ id: number; forwarded: boolean }>) => {
            for (const x of m) rows.set(x.id, { ...rows.get(x.id)!, status: WhoisMailStatus.Success });
          }),
          failed: jest.fn(async () => undefined), attemptFailed: jest.fn(async () => undefined),
        };
        const forwarder = { forwardMany: jest.fn(async (_m: StoredEmail[]) => undefined) };
        const config = Object.assign(new WhoisMailConfig(), { WHOIS_MAIL_REGISTRY_SENDERS: ['registry@registry.example'], WHOIS_MAIL_APPROVAL_BASE_URLS: [base], WHOIS_MAIL_REGISTRY_SECRET: 'secret' });
        const sut = new ProcessWhoisMailJob(emails as never, forwarder as never, config);
        const data = { emailIds: [7, 8, 9] };
        const job = { updateData: jest.fn(async (_d: unknown) => undefined) };

        await expect(sut.handle(data, first, job)).rejects.toThrow('answered 503');
        expect(emails.startMany).toHaveBeenCalledWith([7, 8, 9], expect.any(Array), expect.any(Number));
        // one round trip for the forwards, one statement for the successes
        expect(forwarder.forwardMany).toHaveBeenCalledTimes(1);
        expect(forwarder.forwardMany).toHaveBeenCalledWith([expect.objectContaining({ id: 7 })]);
        expect(emails.succeededMany).toHaveBeenCalledWith([{ id: 7, forwarded: true }]);
        expect(emails.failed).toHaveBeenCalledWith(8, expect.stringContaining(WM.noDomain));
        expect(emails.attemptFailed).toHaveBeenCalledWith(9, 'busy'); // the page that refused
        expect(job.updateData).toHaveBeenCalledWith({ emailIds: [7, 8, 9], ended: [8] });

        // the retry: 8 (ended for good) is not started again, 7 (done) is left alone, 9 is approved
        await expect(sut.handle({ ...data, ended: [8] }, { attemptsMade: 1, attempts: 3 }, job)).resolves.toEqual({
          status: WhoisMailStatus.Failed, statuses: { 7: WhoisMailStatus.Success, 8: WhoisMailStatus.Failed, 9: WhoisMailStatus.Success },
        });
        expect(emails.startMany).toHaveBeenLastCalledWith([7, 9], expect.any(Array), expect.any(Number));
        expect(forwarder.forwardMany).toHaveBeenCalledTimes(1);
        expect(emails.succeededMany).toHaveBeenLastCalledWith([{ id: 9, forwarded: false }]);
        expect(emails.failed).toHaveBeenCalledTimes(1);
        expect(answers).toBe(2);
      } finally {
        site.close();
      }
    });
  });
});
