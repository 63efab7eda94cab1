import 'reflect-metadata';
import { WhoisMailStatus, WhoisMailType } from '@registrar/contracts';
import { WM } from '@registrar/messages';
import type { StoredEmail } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProcessWhoisMailJob } from './process-whois-mail.job';

const mail = (over: Partial<StoredEmail> = {}): StoredEmail => ({
  id: 7, type: WhoisMailType.Nonstandard, status: WhoisMailStatus.Untreated, subject: 's', content: 'text', html: null, sender: 'a@b.example',
  recipient: 'px-x@whois-proxy.rakko.example', domainId: 1, userId: 100001, domainName: 'example.com', forwardedAt: null, createdAt: new Date(), ...over,
});

function newTestService(stored: StoredEmail | null) {
  const emails = {
    stored: jest.fn(async () => stored), started: jest.fn(async () => undefined), succeeded: jest.fn(async () => undefined),
    failed: jest.fn(async () => undefined), attemptFailed: jest.fn(async () => undefined), markForwarded: jest.fn(async () => undefined),
  };
  const forwarder = { forward: jest.fn(async () => undefined) };
  const config = Object.assign(new WhoisMailConfig(), { WHOIS_MAIL_LINK_HOSTS: ['127.0.0.1'] });
  const sut = new ProcessWhoisMailJob(emails as never, forwarder as never, config);
  return { sut, emails, forwarder };
}

describe(ProcessWhoisMailJob.name, () => {
  const first = { attemptsMade: 0, attempts: 3 };

  it('forwards a nonstandard mail to its member once and marks it successful', async () => {
    const { sut, emails, forwarder } = newTestService(mail());
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Success });
    expect(forwarder.forward).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 100001);
    expect(emails.markForwarded).toHaveBeenCalledWith(7);
    expect(emails.succeeded).toHaveBeenCalledWith(7);
  });

  it('does not forward again a mail already forwarded (a retried job)', async () => {
    const { sut, forwarder, emails } = newTestService(mail({ forwardedAt: new Date() }));
    await sut.handle({ emailId: 7 }, { attemptsMade: 1, attempts: 3 });
    expect(forwarder.forward).not.toHaveBeenCalled();
    expect(emails.succeeded).toHaveBeenCalled();
  });

  it('leaves a successful mail alone', async () => {
    const { sut, emails } = newTestService(mail({ status: WhoisMailStatus.Success }));
    await sut.handle({ emailId: 7 }, first);
    expect(emails.started).not.toHaveBeenCalled();
  });

  it('fails an approval mail without a link at once (no retry) with the reason as error_html', async () => {
    const { sut, emails } = newTestService(mail({ type: WhoisMailType.Approval, content: 'no link' }));
    await expect(sut.handle({ emailId: 7 }, first)).resolves.toEqual({ status: WhoisMailStatus.Failed });
    expect(emails.failed).toHaveBeenCalledWith(7, expect.stringContaining(WM.noLink));
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
