import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EmailTokenPurpose = 'confirm' | 'reset' | 'email_change';

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

  /** the new address of an e-mail change */
  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
