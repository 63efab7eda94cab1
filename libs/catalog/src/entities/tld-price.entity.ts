import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The prices of one TLD from an effective month on (YYYY-MM, Asia/Tokyo), one row for normal names and, where a TLD
 * has them, one row for Japanese-language (IDN) names. Yen, tax included. The current price of a TLD is the row
 * of the latest effective month not after the current month. `*_normal` keeps the normal price of a campaign row.
 */
@Entity({ name: 'tld_price', schema: 'catalog' })
@Index(['tldId', 'effectiveMonth', 'isIdnPrice'], { unique: true })
export class TldPriceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'tld_id', type: 'int' })
  tldId!: number;

  @Column({ name: 'effective_month', type: 'char', length: 7 })
  effectiveMonth!: string;

  @Column({ name: 'is_idn_price', type: 'boolean' })
  isIdnPrice!: boolean;

  @Column({ type: 'int', nullable: true })
  register!: number | null;

  @Column({ type: 'int', nullable: true })
  renew!: number | null;

  @Column({ type: 'int', nullable: true })
  transfer!: number | null;

  /** restore price including the renewal fee; 0 = no restore */
  @Column({ type: 'int' })
  restore!: number;

  @Column({ name: 'register_normal', type: 'int', nullable: true })
  registerNormal!: number | null;

  @Column({ name: 'renew_normal', type: 'int', nullable: true })
  renewNormal!: number | null;

  @Column({ name: 'transfer_normal', type: 'int', nullable: true })
  transferNormal!: number | null;

  @Column({ name: 'is_register_campaign', type: 'boolean' })
  isRegisterCampaign!: boolean;

  @Column({ name: 'is_register_special', type: 'boolean' })
  isRegisterSpecial!: boolean;

  @Column({ name: 'is_renew_campaign', type: 'boolean' })
  isRenewCampaign!: boolean;

  @Column({ name: 'is_renew_special', type: 'boolean' })
  isRenewSpecial!: boolean;

  @Column({ name: 'is_transfer_campaign', type: 'boolean' })
  isTransferCampaign!: boolean;

  @Column({ name: 'is_transfer_special', type: 'boolean' })
  isTransferSpecial!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
