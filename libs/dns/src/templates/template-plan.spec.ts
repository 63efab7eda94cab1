import { DNS_TEMPLATES, DNS_TYPE, DnsRecord, dnsTemplate, emptyRecord, templateRecords, validateDnsRecords, validateTemplateParams } from '@registrar/rules';
import { planTemplate } from './template-plan';

const Z = 'example.com';
const rec = (over: Partial<DnsRecord>): DnsRecord => ({ ...emptyRecord(), ttl: 3600, ...over });
const google = (existing: DnsRecord[]) => planTemplate(existing, templateRecords(dnsTemplate('google-workspace')!, { verification: 'abc' }, Z), Z);

describe('DNS templates', () => {
  it('every template with valid parameters gives records the DNS form accepts', () => {
    const values: Record<string, string> = { verification: 'token-1', mx: 'example-com.mail.protection.outlook.com', ip: '203.0.113.10', server: 'sv1.xserver.jp', initial: 'example.sakura.ne.jp', mail: 'mail1.conoha.ne.jp', spf: 'mx', policy: 'none', rua: 'dmarc@example.com' };
    for (const t of DNS_TEMPLATES) {
      expect(validateTemplateParams(t, values)).toEqual({});
      expect(validateDnsRecords(templateRecords(t, values, Z), Z)).toEqual([]);
    }
  });

  it('asks for the per-customer values', () => {
    expect(validateTemplateParams(dnsTemplate('xserver')!, { ip: '999.1.1.1', server: '' })).toEqual({
      ip: 'サーバーのIPアドレスはIPv4アドレスで入力してください（例: 203.0.113.10）', server: 'サーバー名を入力してください',
    });
  });

  it('adds to an empty zone, and an applied template is all "same" the second time', () => {
    const first = google([]);
    expect(first.errors).toEqual([]);
    expect(first.changes.map((c) => c.kind)).toEqual(['add', 'add', 'add']);
    expect(first.result.find((r) => r.recode_type === DNS_TYPE.TXT && r.record.startsWith('google-site-verification='))?.record).toBe('google-site-verification=abc');
    const again = google(first.result);
    expect(again.errors).toEqual([]);
    expect(again.changes.every((c) => c.kind === 'same')).toBe(true);
  });

  it('replaces an equal record whose TTL differs', () => {
    const p = google([rec({ recode_type: DNS_TYPE.MX, record: 'smtp.google.com', priority: 1, ttl: 300 })]);
    expect(p.errors).toEqual([]);
    expect(p.changes.map((c) => c.kind).sort()).toEqual(['add', 'add', 'change']);
  });

  it('refuses an existing MX set, a second SPF record, a CNAME clash, a second DMARC', () => {
    expect(google([rec({ recode_type: DNS_TYPE.MX, record: 'mx.other.net', priority: 10 })]).errors).toEqual([
      'example.comには既にMXレコード（10 mx.other.net.）があります。先にDNS設定で削除してから適用してください',
    ]);
    expect(google([rec({ recode_type: DNS_TYPE.TXT, record: 'v=spf1 mx -all' })]).errors[0]).toContain('SPFレコードは1つの名前に1つだけです');
    const ms = templateRecords(dnsTemplate('microsoft-365')!, { verification: 'MS=ms1', mx: 'example-com.mail.protection.outlook.com' }, Z);
    expect(planTemplate([rec({ host_name: 'autodiscover', recode_type: DNS_TYPE.A, record: '192.0.2.1' })], ms, Z).errors).toEqual([
      'autodiscover.example.comには他のレコードがあるため、CNAMEレコードを追加できません',
    ]);
    const sakura = templateRecords(dnsTemplate('sakura')!, { ip: '203.0.113.10', initial: 'x.sakura.ne.jp' }, Z);
    expect(planTemplate([rec({ host_name: 'www', recode_type: DNS_TYPE.CNAME, record: 'other.example.net' })], sakura, Z).errors).toEqual([
      'www.example.comには他のレコードがあるため、CNAMEレコードを追加できません',
    ]);
    const sec = templateRecords(dnsTemplate('mail-security')!, { spf: 'mx', policy: 'reject' }, Z);
    expect(planTemplate([rec({ host_name: '_dmarc', recode_type: DNS_TYPE.TXT, record: 'v=DMARC1; p=none' })], sec, Z).errors[0]).toContain('DMARCレコード');
  });
});

describe('hosting templates whose official SPF guidance could not be found', () => {
  it('さくら, ConoHa WING and ロリポップ！ add no SPF of our own making, and tell the member where to take it from', () => {
    const values = { ip: '203.0.113.10', initial: 'x.sakura.ne.jp', mail: 'mail1.example.jp' };
    for (const id of ['sakura', 'conoha-wing', 'lolipop']) {
      const t = dnsTemplate(id)!;
      const records = templateRecords(t, values, Z);
      expect(records.filter((r) => r.recode_type === DNS_TYPE.TXT)).toEqual([]);
      expect(records.map((r) => r.recode_type).sort()).toEqual(id === 'sakura' ? [DNS_TYPE.A, DNS_TYPE.CNAME, DNS_TYPE.MX].sort() : [DNS_TYPE.A, DNS_TYPE.A, DNS_TYPE.MX].sort());
      expect(t.description).toMatch(/SPF.*追加しません.*確認できなかった/);
    }
  });
});
