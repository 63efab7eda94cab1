import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityPatterns, MemberContact } from '@registrar/contracts';
import { UsersRepository } from './users.repository';

/** Identity look-ups for other services on the Redis transport (the gateway owns accounts). */
@Controller()
export class IdentityRpcController {
  constructor(private readonly users: UsersRepository) {}

  /** A member's own address (whois-mail forwards WHOIS proxy mail there); null for an unknown or disabled account. */
  @MessagePattern(IdentityPatterns.MemberContact)
  async memberContact(@Payload() req: { userId?: unknown }): Promise<MemberContact | null> {
    const id = Number(req?.userId);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const u = await this.users.findById(id);
    if (!u || u.disabledAt) return null;
    return { userId: u.id, email: u.email };
  }
}
