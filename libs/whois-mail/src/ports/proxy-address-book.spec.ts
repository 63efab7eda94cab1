import { PROXY_ADDRESS_ALL, PROXY_ADDRESS_BEAT, ProxyDomainDto } from '@registrar/contracts';
import { ProxyAddressBook } from './proxy-address-book';

const domain = (id: number, email = `px-${id}@whois-proxy.rakko.example`): ProxyDomainDto => ({
  domainId: id, userId: 7, name: `d${id}.com`, punycode: `d${id}.com`, proxyEmail: email, registryContactId: `C${id}`, whoisProxyEnabled: true,
});

describe('ProxyAddressBook (the proxy addresses a whois-mail replica keeps, ADR 0056)', () => {
  let now = 1_000_000;
  const clock = () => now;
  const beat = (ms = 1_000) => `${PROXY_ADDRESS_BEAT} ${ms}`;

  it('keeps nothing and serves nothing before the relay has beaten', () => {
    const book = new ProxyAddressBook(10, clock);
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    expect(book.get('a@x')).toBeUndefined();
    book.heard(beat());
    expect(book.get('a@x')).toBeUndefined();
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    expect(book.get('a@x')).toEqual(domain(1, 'a@x'));
  });

  it('never keeps an address domain-ops did not find (a new address is always asked)', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat());
    book.keep('new@x', null, book.mark());
    expect(book.size).toBe(0);
  });

  it('keeps an answer only under the address domain-ops stores (the name its changes are announced under)', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat());
    book.keep(' a@x', domain(1, 'a@x'), book.mark());
    expect(book.size).toBe(0);
    book.keep('a@x', domain(1, 'A@X'), book.mark());
    expect(book.get('a@x')).toEqual(domain(1, 'A@X'));
  });

  it('drops an address when it is named, and everything on *', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat());
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    book.keep('b@x', domain(2, 'b@x'), book.mark());
    book.heard('A@X');
    expect(book.get('a@x')).toBeUndefined();
    expect(book.get('b@x')).toEqual(domain(2, 'b@x'));
    book.heard(PROXY_ADDRESS_ALL);
    expect(book.get('b@x')).toBeUndefined();
  });

  it('does not keep an answer asked for before a change was heard (the answer may predate it)', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat());
    const mark = book.mark();
    book.heard('other@x');
    book.keep('a@x', domain(1, 'a@x'), mark);
    expect(book.get('a@x')).toBeUndefined();
  });

  it('stops serving, and forgets, once the beats stop for three intervals; a later beat starts afresh', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat(1_000));
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    now += 2_999;
    expect(book.get('a@x')).toEqual(domain(1, 'a@x'));
    now += 1;
    expect(book.get('a@x')).toBeUndefined();
    book.heard(beat(1_000));
    expect(book.get('a@x')).toBeUndefined();
  });

  it('trusts a beat for three intervals from when the relay sent it (its age): a lagging relay\'s old beats cannot stretch the trust past a change it has not relayed yet', () => {
    const book = new ProxyAddressBook(10, clock);
    // sent 2.5 s before it was published: 0.5 s of trust left
    book.heard(`${PROXY_ADDRESS_BEAT} 1000 2500`);
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    now += 499;
    expect(book.get('a@x')).toEqual(domain(1, 'a@x'));
    now += 1;
    expect(book.get('a@x')).toBeUndefined();
    // a beat 3 intervals old or more: no trust at all, and not counted as heard
    const late = new ProxyAddressBook(10, clock);
    late.heard(`${PROXY_ADDRESS_BEAT} 1000 3000`);
    expect(late.trusted()).toBe(false);
    expect(late.beats).toBe(0);
    late.keep('a@x', domain(1, 'a@x'), late.mark());
    expect(late.get('a@x')).toBeUndefined();
    // a steady stream of beats each 5 s old (a relay 5 s behind) never makes a replica trust
    for (let i = 0; i < 10; i++) { late.heard(`${PROXY_ADDRESS_BEAT} 1000 5000`); now += 1_000; }
    expect(late.trusted()).toBe(false);
  });

  it('with the time the beat was sent, also counts the time its publish took to arrive (a relay whose connection to Redis lags), whichever ends sooner', () => {
    const book = new ProxyAddressBook(10, clock);
    // held 100 ms by the relay, sent 2.8 s ago by the clocks: 0.2 s of trust left
    book.heard(`${PROXY_ADDRESS_BEAT} 1000 100 ${now - 2_800}`);
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    now += 199;
    expect(book.get('a@x')).toEqual(domain(1, 'a@x'));
    now += 1;
    expect(book.get('a@x')).toBeUndefined();
    // a replica whose clock is behind the relay's gets no more than the age allows
    const behind = new ProxyAddressBook(10, clock);
    behind.heard(`${PROXY_ADDRESS_BEAT} 1000 2500 ${now + 60_000}`);
    behind.keep('a@x', domain(1, 'a@x'), behind.mark());
    now += 500;
    expect(behind.get('a@x')).toBeUndefined();
  });

  it('ignores a beat it cannot read', () => {
    const book = new ProxyAddressBook(10, clock);
    for (const m of [`${PROXY_ADDRESS_BEAT}`, `${PROXY_ADDRESS_BEAT} x`, `${PROXY_ADDRESS_BEAT} 1000 -5`, `${PROXY_ADDRESS_BEAT} 1000 y`, `${PROXY_ADDRESS_BEAT} 0`, `${PROXY_ADDRESS_BEAT} 1000 0 z`]) book.heard(m);
    expect(book.trusted()).toBe(false);
  });

  it('a gap in the beats forgets what was kept before it, even when nothing was asked during the gap', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat(1_000));
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    now += 10_000;
    book.heard(beat(1_000));
    expect(book.get('a@x')).toBeUndefined();
  });

  it('forgets everything when the subscription is lost', () => {
    const book = new ProxyAddressBook(10, clock);
    book.heard(beat());
    book.keep('a@x', domain(1, 'a@x'), book.mark());
    book.lost();
    expect(book.get('a@x')).toBeUndefined();
    expect(book.trusted()).toBe(false);
  });

  it('holds at most its size (the oldest go first), and size 0 keeps nothing', () => {
    const book = new ProxyAddressBook(2, clock);
    book.heard(beat());
    for (const i of [1, 2, 3]) book.keep(`${i}@x`, domain(i, `${i}@x`), book.mark());
    expect([book.get('1@x'), book.get('2@x'), book.get('3@x')].map((d) => d?.domainId)).toEqual([undefined, 2, 3]);
    const off = new ProxyAddressBook(0, clock);
    off.heard(beat());
    off.keep('a@x', domain(1, 'a@x'), off.mark());
    expect(off.get('a@x')).toBeUndefined();
  });
});
