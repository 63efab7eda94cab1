import { Controller, Get, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { SuperAdmin } from '../auth/roles.decorator';
import { AdminAuditRepository } from './admin-audit.repository';

class AuditQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) adminId?: number;
  @IsOptional() @IsString() @MaxLength(200) action?: string;
  @IsOptional() @IsString() @MaxLength(200) target?: string;
}

/** The audit log of admin actions, readable by super admins only. */
@Controller('admin/api/audit_log')
@SuperAdmin()
export class AdminAuditController {
  constructor(private readonly audits: AdminAuditRepository) {}

  @Get()
  async list(@Query() q: AuditQueryDto) {
    const page = await this.audits.search({ adminId: q.adminId, action: q.action, target: q.target, page: q.page });
    return {
      result: true,
      auditLogs: {
        ...page,
        data: page.data.map((a) => ({
          id: Number(a.id), admin_id: a.adminId, admin_role: a.adminRole, action: a.action, method: a.method, path: a.path, target: a.target,
          request: a.request, before: a.before, after: a.after, status: a.status, ip: a.ip, created_at: a.createdAt.toISOString(),
        })),
      },
    };
  }
}
