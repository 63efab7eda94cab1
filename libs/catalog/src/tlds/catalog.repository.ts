import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CATALOG_SCHEMA } from '../catalog.constants';
import { CatalogSnapshot } from './catalog-snapshot';

/** Reads the whole catalogue (about 430 TLDs, a few prices each): small enough to hold in memory and filter there. */
@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource(CATALOG_SCHEMA) private readonly ds: DataSource) {}

  async snapshot(): Promise<CatalogSnapshot> {
    const [tlds, prices, categories, links, contents] = await Promise.all([
      this.ds.query(`SELECT id, tld_name, tld_name_punycode, meaning, description, requirements, is_cctld, is_idn, can_proxy, can_lock, can_transfer,
                            minimum_years, registration_unit, renewal_deadline, grace_period, restore_period, ordinal, top_ordinal_flg
                     FROM catalog.tld ORDER BY ordinal, id`),
      this.ds.query(`SELECT tld_id, effective_month, is_idn_price, register, renew, transfer, restore, register_normal, renew_normal, transfer_normal,
                            is_register_campaign, is_register_special, is_renew_campaign, is_renew_special, is_transfer_campaign, is_transfer_special
                     FROM catalog.tld_price`),
      this.ds.query(`SELECT id, name, ordinal FROM catalog.category ORDER BY ordinal, id`),
      this.ds.query(`SELECT category_id, tld_id FROM catalog.tld_category`),
      this.ds.query(`SELECT tld_id, faq, points FROM catalog.tld_content`),
    ]);
    return { tlds, prices, categories, links, contents };
  }
}
