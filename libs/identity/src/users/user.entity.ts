import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';

/** bigint columns come back from pg as strings; account ids stay well inside Number's safe range. */
const bigintToNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * One account: the account id (the spec's ラッコID) is the primary key and the one identity for everything.
 * Customer profile fields follow the 000 spec's User entity.
 */
@Entity({ name: 'users' })
export class UserEntity {
  @Column({ primary: true, type: 'bigint', generated: 'identity', generatedIdentity: 'BY DEFAULT', transformer: bigintToNumber })
  id!: number;

  /** lower-cased */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** 1 super, 2 normal, null for customers */
  @Column({ name: 'admin_role', type: 'smallint', nullable: true })
  adminRole!: 1 | 2 | null;

  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret!: string | null;

  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt!: Date | null;

  /** SHA-256 hashes of the unused recovery codes (each code has 60 random bits) */
  @Column({ name: 'recovery_codes', type: 'jsonb', default: () => "'[]'" })
  recoveryCodes!: string[];

  @Column({ name: 'last_name', type: 'text', nullable: true }) lastName!: string | null;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName!: string | null;
  @Column({ name: 'company_name', type: 'text', nullable: true }) companyName!: string | null;
  /** 1 individual, 2 corporate */
  @Column({ type: 'smallint', nullable: true }) type!: 1 | 2 | null;
  /** 0 Japan, 1 abroad */
  @Column({ name: 'address_type', type: 'smallint', nullable: true }) addressType!: 0 | 1 | null;
  @Column({ name: 'country_code', type: 'text', nullable: true }) countryCode!: string | null;
  @Column({ name: 'post_code', type: 'text', nullable: true }) postCode!: string | null;
  @Column({ type: 'text', nullable: true }) prefecture!: string | null;
  @Column({ type: 'text', nullable: true }) address1!: string | null;
  @Column({ type: 'text', nullable: true }) address2!: string | null;
  @Column({ type: 'text', nullable: true }) address3!: string | null;
  @Column({ type: 'text', nullable: true }) phone!: string | null;
  /** the phone number verified by SMS (null until verified) */
  @Column({ name: 'phone_authenticated', type: 'text', nullable: true }) phoneAuthenticated!: string | null;
  /** 0 unapplied, 1 approval, 2 pending */
  @Column({ name: 'identity_verify_status', type: 'smallint', default: 0 }) identityVerifyStatus!: 0 | 1 | 2;
  /** accounts with prior usage count as verified (000 spec §1) */
  @Column({ name: 'has_prior_usage', type: 'boolean', default: false }) hasPriorUsage!: boolean;
  @Column({ name: 'profile_completed_at', type: 'timestamptz', nullable: true }) profileCompletedAt!: Date | null;

  /** Initial RP grant (the points ledger moves to the orders service later). */
  @Column({ name: 'point_grant', type: 'integer', default: 0 }) pointGrant!: number;

  /** bumped when a password changes: sessions signed in under an older epoch end */
  @Column({ name: 'session_epoch', type: 'integer', default: 0 }) sessionEpoch!: number;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }) disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
