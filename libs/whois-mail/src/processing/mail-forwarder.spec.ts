import { WhoisMailStatus, WhoisMailType } from '@registrar/contracts';
import type { StoredEmail } from '../emails/emails.repository';
import { MailForwarder } from './mail-forwarder';

const mail = (id: number): StoredEmail => ({
  id, type: WhoisMailType.Nonstandard, status: WhoisMailStatus.Untreated, subject: `s${id}`, content: 'text', html: null, sender: 'a@b.example',
  envelopeFrom: 'a@b.example', recipient: 'px-x@whois-proxy.rakko.example', domainId: 1, userId: 100000 + id, domainName: 'example.com', forwardedAt: null, createdAt: new Date(0),
});

describe(MailForwarder.name, () => {
  it('sends the forwards of batches processed at the same moment as one outbound job, each under its mail\'s key', async () => {
    const outbox = { sendBatch: jest.fn(async (_reqs: Array<{ key: string; userId: number }>) => undefined), send: jest.fn() };
    const f = new MailForwarder(outbox as never);
    await Promise.all([f.forwardMany([mail(1), mail(2)]), f.forwardMany([mail(3)])]);
    expect(outbox.sendBatch).toHaveBeenCalledTimes(1);
    expect(outbox.sendBatch.mock.calls[0]![0].map((r) => [r.key, r.userId])).toEqual([
      ['whois-mail:1:forward', 100001], ['whois-mail:2:forward', 100002], ['whois-mail:3:forward', 100003],
    ]);
  });

  it('a failed add fails every batch in it (each retries; the keys keep the forwards once)', async () => {
    const outbox = { sendBatch: jest.fn(async () => { throw new Error('redis down'); }), send: jest.fn() };
    const f = new MailForwarder(outbox as never);
    const r = await Promise.allSettled([f.forwardMany([mail(1)]), f.forwardMany([mail(2)])]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });
});
