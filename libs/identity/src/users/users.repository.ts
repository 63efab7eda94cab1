import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import crypto from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { IDENTITY_SCHEMA } from '../identity.constants';
import { EmailTokenEntity, EmailTokenPurpose } from './email-token.entity';
import { UserEntity } from './user.entity';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Storage of accounts and their single-use e-mail tokens. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity, IDENTITY_SCHEMA) private readonly users: Repository<UserEntity>,
    @InjectRepository(EmailTokenEntity, IDENTITY_SCHEMA) private readonly tokens: Repository<EmailTokenEntity>,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }

  /** Admin search: an account id, or part of an e-mail address or name (newest first, at most 50). */
  searchForAdmin(q: string): Promise<UserEntity[]> {
    const t = q.trim();
    const qb = this.users.createQueryBuilder('u').orderBy('u.id', 'DESC').take(50);
    if (/^\d{1,15}$/.test(t)) qb.where('u.id = :id', { id: Number(t) });
    else if (t) {
      const like = `%${t.replace(/[%_\\]/g, '\\$&')}%`;
      qb.where('u.email ILIKE :like OR u.last_name ILIKE :like OR u.first_name ILIKE :like OR u.company_name ILIKE :like', { like });
    }
    return qb.getMany();
  }

  /** The super admins' ids (enabled accounts, at most the 100 newest): told of market disputes (docs/market.md). */
  async superAdminIds(): Promise<number[]> {
    const rows = await this.users.find({ where: { adminRole: 1, disabledAt: IsNull() }, select: { id: true }, order: { id: 'DESC' }, take: 100 });
    return rows.map((u) => Number(u.id));
  }

  create(values: Partial<UserEntity>): Promise<UserEntity> {
    return this.users.save(this.users.create({ ...values, email: values.email?.trim().toLowerCase() }));
  }

  async update(id: number, values: Partial<UserEntity>): Promise<void> {
    await this.users.update({ id }, values as never);
  }

  async bumpSessionEpoch(id: number): Promise<number> {
    await this.users.increment({ id }, 'sessionEpoch', 1);
    return (await this.findById(id))?.sessionEpoch ?? 0;
  }

  /**
   * Stores a new token (only its hash) and returns the token to put in the link. By default it replaces the account's
   * earlier unused links of the purpose; `keepOthers` leaves them valid (each sign-up's own link, each undo link).
   */
  async issueToken(userId: number, purpose: EmailTokenPurpose, ttlMs: number, newEmail: string | null = null, now = new Date(), o: { passwordHash?: string | null; keepOthers?: boolean } = {}): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    if (!o.keepOthers) await this.revokeTokens(userId, purpose, now);
    await this.tokens.save(this.tokens.create({ userId, purpose, tokenHash: hashToken(token), newEmail, passwordHash: o.passwordHash ?? null, expiresAt: new Date(now.getTime() + ttlMs) }));
    return token;
  }

  async revokeTokens(userId: number, purpose: EmailTokenPurpose, now = new Date()): Promise<void> {
    await this.tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: now });
  }

  /** A valid, unused, unexpired token, without using it (the sign-up link checks its password first). */
  async peekToken(token: string, purpose: EmailTokenPurpose, now = new Date()): Promise<EmailTokenEntity | null> {
    if (!token || token.length > 200) return null;
    const t = await this.tokens.findOne({ where: { tokenHash: hashToken(token), purpose, usedAt: IsNull() } });
    return t && t.expiresAt > now ? t : null;
  }

  /** Marks a valid, unused, unexpired token as used and returns it; null otherwise. Single use even under races. */
  async consumeToken(token: string, purpose: EmailTokenPurpose, now = new Date()): Promise<EmailTokenEntity | null> {
    if (!token || token.length > 200) return null;
    const res = await this.tokens.createQueryBuilder().update().set({ usedAt: now })
      .where('token_hash = :h AND purpose = :p AND used_at IS NULL AND expires_at > :now', { h: hashToken(token), p: purpose, now })
      .returning('*').execute();
    const row = (res.raw as Array<Record<string, unknown>>)[0];
    if (!row) return null;
    return { id: String(row.id), userId: Number(row.user_id), purpose: row.purpose as EmailTokenPurpose, tokenHash: String(row.token_hash), newEmail: (row.new_email as string | null) ?? null, passwordHash: (row.password_hash as string | null) ?? null, expiresAt: row.expires_at as Date, usedAt: now, createdAt: row.created_at as Date };
  }
}
