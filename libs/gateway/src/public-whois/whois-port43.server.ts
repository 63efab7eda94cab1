import { RunningWhoisServer, startWhoisPort43 } from '@registrar/infra';
import { parseDomainName, whoisNoMatch } from '@registrar/rules';

export type { RunningWhoisServer };

/** Our port-43 WHOIS: the text of a domain we sponsor, or the no-match answer (docs/public-whois.md). */
export function startRegistrarWhois(o: { port: number; host: string; lookup(punycode: string): Promise<string | null>; onError?(e: Error): void }): Promise<RunningWhoisServer> {
  return startWhoisPort43({
    port: o.port,
    host: o.host,
    onError: o.onError,
    answer: async (line) => {
      const q = line.trim().replace(/^domain\s+/i, '');
      const d = parseDomainName(q);
      if (!d.ok) return whoisNoMatch(q.slice(0, 253));
      return (await o.lookup(d.value.punycode)) ?? whoisNoMatch(d.value.punycode);
    },
  });
}
