import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { IdentityVerifyStatus } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { SuperAdmin } from '../auth/roles.decorator';
import { audit, AuditAction } from '../audit/admin-audit';
import { IdentityErrorCode, IdentityException } from '../identity.errors';
import { ProfileService } from '../profile/profile.service';
import { UsersRepository } from '../users/users.repository';

class AdminRoleDto {
  /** 1 super, 2 normal, null to revoke */
  @IsOptional() @IsIn([1, 2, null]) admin_role?: 1 | 2 | null;
}

/**
 * The admin API over accounts: super admins only (002 §6: a normal admin, role 2, has domain management, domain info
 * and the two logs; member search, addresses, phones, points and domains are not among them; issue 23, finding 6).
 */
@Controller('admin/api/users')
@SuperAdmin()
export class AdminUsersController {
  constructor(private readonly users: UsersRepository, private readonly profile: ProfileService) {}

  /** GET admin/api/users?q= : an account id, or part of an e-mail address or name. */
  @Get()
  async search(@Query('q') q?: string) {
    const users = await this.users.searchForAdmin(typeof q === 'string' ? q.slice(0, 200) : '');
    return { result: true, users: users.map((u) => ({ id: u.id, email: u.email, last_name: u.lastName, first_name: u.firstName, company_name: u.companyName, admin_role: u.adminRole, identity_verify_status: u.identityVerifyStatus, disabled: !!u.disabledAt, created_at: u.createdAt })) };
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number) {
    const u = await this.users.findById(id);
    if (!u) throw new IdentityException(IdentityErrorCode.NotFound);
    return { result: true, user: this.profile.view(u) };
  }

  /** Super only: approves the identity verification of an account (status 1), which lets it purchase. */
  @Post(':id/identity/approve')
  @SuperAdmin()
  @HttpCode(200)
  @AuditAction('user.identity.approve')
  async approve(@Req() req: Request, @Param('id', ParseIntPipe) id: number) {
    const u = await this.users.findById(id);
    if (!u) throw new IdentityException(IdentityErrorCode.NotFound);
    audit(req, { target: id, before: { identity_verify_status: u.identityVerifyStatus }, after: { identity_verify_status: IdentityVerifyStatus.Approval } });
    await this.users.update(id, { identityVerifyStatus: IdentityVerifyStatus.Approval });
    return { result: true, message: [M.identityApproved], identity_verify_status: IdentityVerifyStatus.Approval };
  }

  /** Super only: grants or revokes an admin role. The account's sessions end (a privilege change). */
  @Post(':id/admin-role')
  @SuperAdmin()
  @HttpCode(200)
  @AuditAction('user.admin-role')
  async setRole(@Req() req: Request, @Param('id', ParseIntPipe) id: number, @Body() dto: AdminRoleDto) {
    const u = await this.users.findById(id);
    if (!u) throw new IdentityException(IdentityErrorCode.NotFound);
    audit(req, { target: id, before: { admin_role: u.adminRole }, after: { admin_role: dto.admin_role ?? null } });
    await this.users.update(id, { adminRole: dto.admin_role ?? null });
    await this.users.bumpSessionEpoch(id);
    return { result: true, admin_role: dto.admin_role ?? null };
  }
}
