import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublicContactRecord, PublicDomainRecord, PublicNameserverRecord, PublicWhoisPatterns } from '@registrar/contracts';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { PublicWhoisRepository } from './public-whois.repository';

/** Lower-case ASCII names and handles of a sane length; anything else is simply not found. */
const hostName = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim().toLowerCase().replace(/\.$/, '') : '';
  return s && s.length <= 253 && /^[a-z0-9.-]+$/.test(s) ? s : null;
};
const handleOf = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s && s.length <= 64 && /^[A-Za-z0-9_.-]+$/.test(s) ? s : null;
};

/** Public WHOIS data of the domains we sponsor (RDAP, port 43, the lookup page; docs/public-whois.md). No member context. */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class PublicWhoisRpcController {
  constructor(private readonly repo: PublicWhoisRepository) {}

  @MessagePattern(PublicWhoisPatterns.Domain)
  async domain(@Payload() req: { name?: unknown }): Promise<PublicDomainRecord | null> {
    const name = hostName(req?.name);
    return name ? this.repo.domain(name) : null;
  }

  @MessagePattern(PublicWhoisPatterns.Entity)
  async entity(@Payload() req: { handle?: unknown }): Promise<PublicContactRecord | null> {
    const handle = handleOf(req?.handle);
    return handle ? this.repo.entity(handle) : null;
  }

  @MessagePattern(PublicWhoisPatterns.Nameserver)
  async nameserver(@Payload() req: { name?: unknown }): Promise<PublicNameserverRecord | null> {
    const name = hostName(req?.name);
    return name ? this.repo.nameserver(name) : null;
  }
}
