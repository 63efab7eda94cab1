import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A TLD and its registration policy (002 spec, section 3 "TLD record"). */
@Entity({ name: 'tld', schema: 'catalog' })
export class TldEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Unicode form: com, jp, co.jp, tokyo.jp, コム */
  @Column({ name: 'tld_name', type: 'text', unique: true })
  tldName!: string;

  /** ASCII form: com, xn--tckwe */
  @Column({ name: 'tld_name_punycode', type: 'text', unique: true })
  tldNamePunycode!: string;

  @Column({ type: 'text' })
  meaning!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text', nullable: true })
  requirements!: string | null;

  @Column({ name: 'is_cctld', type: 'boolean' })
  isCctld!: boolean;

  /** Japanese-language names can be registered */
  @Column({ name: 'is_idn', type: 'boolean' })
  isIdn!: boolean;

  @Column({ name: 'can_proxy', type: 'boolean' })
  canProxy!: boolean;

  @Column({ name: 'can_lock', type: 'boolean' })
  canLock!: boolean;

  /** transfer-in accepted */
  @Column({ name: 'can_transfer', type: 'boolean' })
  canTransfer!: boolean;

  @Column({ name: 'minimum_years', type: 'int' })
  minimumYears!: number;

  @Column({ name: 'registration_unit', type: 'int' })
  registrationUnit!: number;

  @Column({ name: 'renewal_deadline', type: 'text' })
  renewalDeadline!: string;

  /** days after expiry during which the normal renewal applies */
  @Column({ name: 'grace_period', type: 'int' })
  gracePeriod!: number;

  /** days after the grace period during which a restore is possible */
  @Column({ name: 'restore_period', type: 'int' })
  restorePeriod!: number;

  @Column({ type: 'int' })
  ordinal!: number;

  /** top-page tile order; null = not on the top page */
  @Column({ name: 'top_ordinal_flg', type: 'int', nullable: true })
  topOrdinalFlg!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
