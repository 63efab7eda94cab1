import { Injectable } from '@nestjs/common';
import { CustomPriceChangeResult, CustomPriceUserDto, PriceGroupDto, UserPriceGroupResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { PriceGroupRepository } from './price-group.repository';

const GROUPS_TTL_MS = 30_000;

/**
 * Members' custom prices: which group a member is in, and the groups' rules. The groups (a handful of rows) are
 * kept for 30 s; a member's membership is read every time, so a change by an admin applies to the next quote.
 */
@Injectable()
export class PriceGroupService {
  private cache: { at: number; groups: Promise<PriceGroupDto[]> } | null = null;

  constructor(private readonly repo: PriceGroupRepository) {}

  groups(): Promise<PriceGroupDto[]> {
    if (this.cache && Date.now() - this.cache.at < GROUPS_TTL_MS) return this.cache.groups;
    const groups = this.repo.groups();
    this.cache = { at: Date.now(), groups };
    groups.catch(() => { this.cache = null; });
    return groups;
  }

  async ofUser(userId: number): Promise<UserPriceGroupResult> {
    const id = await this.repo.groupIdOf(userId);
    if (id === null) return { userId, group: null };
    return { userId, group: (await this.groups()).find((g) => g.id === id) ?? null };
  }

  search(userId: number | null): Promise<CustomPriceUserDto[]> {
    return this.repo.users(userId);
  }

  async register(userId: number, groupId: number, adminId: number | null): Promise<CustomPriceChangeResult> {
    if (!(await this.groups()).some((g) => g.id === groupId)) return { result: false, before: null, after: null, errors: [M.selectPriceGroup] };
    const before = await this.repo.set(userId, groupId, adminId);
    return { result: true, before, after: groupId, errors: [] };
  }

  async remove(userId: number): Promise<CustomPriceChangeResult> {
    const before = await this.repo.remove(userId);
    return { result: true, before, after: null, errors: [] };
  }
}
