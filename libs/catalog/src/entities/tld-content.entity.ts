import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Editorial content of a TLD detail page. A TLD without a row here gets content derived from its record
 * (tlds/tld-content.ts), so the table only holds what an editor has written.
 */
@Entity({ name: 'tld_content', schema: 'catalog' })
export class TldContentEntity {
  @PrimaryColumn({ name: 'tld_id', type: 'int' })
  tldId!: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  faq!: { question: string; answer: string }[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  points!: string[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
