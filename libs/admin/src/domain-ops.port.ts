import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AdminOpsPatterns, AdminStatsPatterns, DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** domain-ops as the admin service uses it: the data it owns (domains, the two logs) and its EPP client. */
@Injectable()
export class DomainOpsPort {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  stats<T>(query: unknown): Promise<T> {
    return rpc<T>(this.client, AdminStatsPatterns.DomainStats, query, 20_000);
  }

  call<T>(pattern: (typeof AdminOpsPatterns)[keyof typeof AdminOpsPatterns], payload: unknown, ms: number): Promise<T> {
    return rpc<T>(this.client, pattern, payload, ms);
  }
}
