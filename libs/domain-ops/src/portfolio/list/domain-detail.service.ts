import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DNS_CLIENT, DnsPatterns, DnsRecordDto, DomainDetailDto, DomainOpsErrorCode } from '@registrar/contracts';
import { ClientProxy } from '@nestjs/microservices';
import { CLOCK, Clock, rpc } from '@registrar/infra';
import { DNS_TYPE, dnsTypeName, fixedNsRecords } from '@registrar/rules';
import { M } from '@registrar/messages';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { ActionLogService } from './action-log.service';
import { DomainListService } from './domain-list.service';

const ROLES = [['reg', 'reg_contact_id'], ['adm', 'adm_contact_id'], ['tec', 'tec_contact_id'], ['bil', 'bil_contact_id']] as const;

/**
 * The read-only domain detail view (001 §2): the list row plus contacts per role, move requests, DNS records and the
 * domain's action log. Move requests and DNS records are read from the tables the operations and DNS features keep,
 * when those exist (to_regclass), so this view needs no change when they land.
 */
@Injectable()
export class DomainDetailService {
  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    private readonly list: DomainListService,
    private readonly logs: ActionLogService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DNS_CLIENT) private readonly dns: ClientProxy,
  ) {}

  async detail(userId: number, id: number): Promise<DomainDetailDto> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainOpsException(DomainOpsErrorCode.NotFound, M.noDomainInfo);
    await this.list.ensurePolicies();
    const [row] = await this.list.load([id], userId, this.clock.now());
    if (!row) throw new DomainOpsException(DomainOpsErrorCode.NotFound, M.noDomainInfo);
    const ids = (await this.ds.query('SELECT reg_contact_id, adm_contact_id, tec_contact_id, bil_contact_id FROM domain_ops.domains WHERE id = $1 AND user_id = $2', [id, userId]))[0] ?? {};
    const contactIds = ROLES.map(([, col]) => ids[col]).filter((x) => x != null);
    const contacts = contactIds.length
      ? await this.ds.query(`SELECT id, coalesce(nullif(organization, ''), last_name || ' ' || first_name) || ' <' || email || '>' AS label FROM domain_ops.contacts WHERE user_id = $1 AND id = ANY($2::bigint[])`, [userId, contactIds])
      : [];
    const labelOf = new Map(contacts.map((c: { id: string; label: string }) => [String(c.id), c.label]));
    const out: DomainDetailDto['contacts'] = {};
    for (const [role, col] of ROLES) {
      const cid = ids[col];
      out[role] = row.is_whois_proxy_enabled_flg
        ? { id: null, label: 'WHOIS代理公開', proxy: true }
        : cid != null ? { id: Number(cid), label: (labelOf.get(String(cid)) as string) ?? '-', proxy: false } : null;
    }
    const [moves, dns, logs] = await Promise.all([this.moveRequests(id), this.dnsRecords(id), this.logs.forDomain(userId, id)]);
    return { ...row, contacts: out, move_requests: moves, dns_records: dns, action_logs: logs };
  }

  private async exists(table: string): Promise<boolean> {
    const r = await this.ds.query('SELECT to_regclass($1) IS NOT NULL AS x', [`domain_ops.${table}`]);
    return !!r[0].x;
  }

  private async moveRequests(id: number): Promise<DomainDetailDto['move_requests']> {
    if (!(await this.exists('move_requests'))) return [];
    const rows = await this.ds.query("SELECT request_date, to_email FROM domain_ops.move_requests WHERE domain_id = $1 AND status = 'pending' ORDER BY request_date DESC", [id]);
    return rows.map((r: Record<string, any>) => ({ request_date: new Date(r.request_date).toISOString(), request_email: String(r.to_email ?? '') }));
  }

  /** The domain's DNS records from the dns service (its schema), the fixed NS records 01-04.dnsv.jp first; none if it does not answer. */
  private async dnsRecords(id: number): Promise<DomainDetailDto['dns_records']> {
    const rows = await rpc<DnsRecordDto[]>(this.dns, DnsPatterns.Records, { domainPkId: id }, 10_000).catch(() => null);
    if (!rows?.length) return [];
    const list = [...fixedNsRecords().map((r, i) => ({ ...r, id: -(i + 1) })), ...rows];
    return list.map((r) => {
      const code = Number(r.recode_type);
      const value = code === DNS_TYPE.MX ? `${r.priority ?? 10} ${r.record}` : code === DNS_TYPE.SRV ? `${r.priority} ${r.weight} ${r.port} ${r.record}`
        : code === DNS_TYPE.DS ? `${r.key_tag} ${r.alg} ${r.digest_type} ${r.digest}` : String(r.record);
      const host = code === DNS_TYPE.SRV ? `${r.service_name ?? ''}${r.protocol ?? ''}${r.host_name}`.replace(/\.$/, '') : String(r.host_name);
      return { id: Number(r.id), host_name: host || '@', recode_type: code, type: dnsTypeName(code) ?? String(code), ttl: Number(r.ttl), record: value };
    });
  }
}
