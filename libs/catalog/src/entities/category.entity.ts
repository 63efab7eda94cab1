import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A TLD category (人気, 新gTLD, ccTLD, 日本語, …); ids come from the category import. */
@Entity({ name: 'category', schema: 'catalog' })
export class CategoryEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'int' })
  ordinal!: number;
}

/** Many-to-many link between categories and TLDs. */
@Entity({ name: 'tld_category', schema: 'catalog' })
export class TldCategoryEntity {
  @PrimaryColumn({ name: 'category_id', type: 'int' })
  categoryId!: number;

  @PrimaryColumn({ name: 'tld_id', type: 'int' })
  tldId!: number;
}
