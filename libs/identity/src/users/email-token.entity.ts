import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** undo_email / undo_password: the 7-day link mailed to the old address after a change, to take it back. */
export type EmailTokenPurpose = 'confirm' | 'reset' | 'email_change' | 'undo_email' | 'undo_password';

/** A single-use link sent by e-mail (sign-up confirmation, password reset, e-mail change). Only the hash is stored. */
@Entity({ name: 'email_tokens' })
export class EmailTokenEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  userId!: number;

  @Column({ type: 'text' })
  purpose!: EmailTokenPurpose;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** the new address of an e-mail change (the old address, for undo_email) */
  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail!: string | null;

  /** the password of this sign-up (confirm), or the one to restore (undo_password); never the account's own column */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
