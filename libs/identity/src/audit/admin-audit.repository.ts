import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IDENTITY_SCHEMA } from '../identity.constants';
import { AdminAuditEntity } from './admin-audit.entity';

export interface AuditSearch {
  adminId?: number;
  action?: string;
  target?: string;
  page?: number;
  perPage?: number;
}

/** Storage of the admin audit log (append-only: nothing here updates or deletes). */
@Injectable()
export class AdminAuditRepository {
  constructor(@InjectRepository(AdminAuditEntity, IDENTITY_SCHEMA) private readonly rows: Repository<AdminAuditEntity>) {}

  async record(values: Omit<AdminAuditEntity, 'id' | 'createdAt'>): Promise<void> {
    await this.rows.insert(values as never);
  }

  async search(s: AuditSearch): Promise<{ data: AdminAuditEntity[]; total: number; current_page: number; last_page: number }> {
    const perPage = Math.min(Math.max(s.perPage ?? 50, 1), 200);
    const page = Math.max(s.page ?? 1, 1);
    const q = this.rows.createQueryBuilder('a').orderBy('a.id', 'DESC');
    if (s.adminId) q.andWhere('a.admin_id = :adminId', { adminId: s.adminId });
    if (s.action) q.andWhere('a.action ILIKE :action', { action: `%${s.action.replace(/[%_\\]/g, '\\$&')}%` });
    if (s.target) q.andWhere('a.target = :target', { target: s.target });
    const [data, total] = await q.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
  }
}
