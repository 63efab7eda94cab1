/**
 * The WHOIS privacy proxy: each proxied domain gets its own registry contact and its own e-mail address at the proxy
 * mail domain, read back from the registry by EPP info; the WHOIS mail inbox finds the domain by that address.
 */
import { DomainOpsPatterns, ProxyDomainResult } from '@registrar/contracts';
import { Member } from '../purchase/purchase-harness';
import { startWhoisHarness, WhoisHarness } from './whois-harness';

let w: WhoisHarness;
beforeAll(async () => {
  w = await startWhoisHarness();
}, 180_000);
afterAll(async () => {
  await w?.close();
}, 60_000);

describe('privacy proxy per domain', () => {
  let member: Member;
  let names: string[];

  it('gives each new proxied domain its own proxy contact and address at the registry', async () => {
    member = await w.p.member(20_000);
    names = await w.buy(member, ['com', 'net']);
    const infos = await Promise.all(names.map((n) => w.epp.info(n)));
    const registrants = infos.map((i) => i.registrant!);
    expect(new Set(registrants).size).toBe(2);
    for (const [i, info] of infos.entries()) {
      expect(info.registrant).toMatch(/^rkpx[a-z2-9]{12}$/);
      // every role is the domain's proxy contact
      expect(info.contacts.map((c) => c.id)).toEqual([registrants[i], registrants[i], registrants[i]]);
    }
    const contacts = await Promise.all(registrants.map((id) => w.epp.contactInfo(id)));
    const emails = contacts.map((c) => c.email);
    for (const e of emails) expect(e).toMatch(/^px-[a-z2-9]{20}@whois-proxy\.rakko\.example$/);
    expect(emails[0]).not.toBe(emails[1]);
    expect(contacts[0].postalInfo[0].name).toBe('Whois Privacy Protection Service');
  });

  it('finds the domain by its proxy address, in any letter case; an unknown address finds nothing', async () => {
    const info = await w.epp.info(names[0]);
    const email = (await w.epp.contactInfo(info.registrant!)).email;
    const found = await w.call<ProxyDomainResult>(DomainOpsPatterns.FindDomainByProxyAddress, { address: email.toUpperCase() });
    expect(found).toEqual({
      found: true,
      domain: { domainId: expect.any(Number), userId: member.userId, name: names[0], punycode: names[0], proxyEmail: email, registryContactId: info.registrant, whoisProxyEnabled: true },
    });
    expect(await w.call<ProxyDomainResult>(DomainOpsPatterns.FindDomainByProxyAddress, { address: 'px-aaaaaaaaaaaaaaaaaaaa@whois-proxy.rakko.example' })).toEqual({ found: false, domain: null });
    expect(await w.call<ProxyDomainResult>(DomainOpsPatterns.FindDomainByProxyAddress, { address: '' })).toEqual({ found: false, domain: null });
  });

  it('answers several proxy addresses in one request, each in the order asked (the inbound SMTP server\'s concurrent RCPTs)', async () => {
    const mails = await Promise.all(names.slice(0, 2).map(async (n) => (await w.epp.contactInfo((await w.epp.info(n)).registrant!)).email));
    const unknown = 'px-aaaaaaaaaaaaaaaaaaaa@whois-proxy.rakko.example';
    const r = await w.call<{ results: ProxyDomainResult[] }>(DomainOpsPatterns.FindDomainByProxyAddress, { addresses: [mails[1], unknown, mails[0].toUpperCase(), '', mails[1]] });
    expect(r.results.map((x) => x.found)).toEqual([true, false, true, false, true]);
    expect(r.results.map((x) => x.domain?.name ?? null)).toEqual([names[1], null, names[0], null, names[1]]);
    expect(r.results[2]!.domain).toMatchObject({ userId: member.userId, proxyEmail: mails[0], whoisProxyEnabled: true });
  });
});
