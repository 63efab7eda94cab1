import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { readArticles, readCategories } from './help-content';
import { HelpRepository } from './help.repository';

/**
 * Loads the help centre shipped in data/help into the database at boot (every environment: the articles are part of
 * the product). New articles are added; an article an admin has edited keeps the admin's text. Safe to run from
 * several replicas at once (upserts).
 */
@Injectable()
export class HelpSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(HelpSeedService.name);
  constructor(private readonly repo: HelpRepository) {}

  async onApplicationBootstrap() {
    const categories = readCategories();
    for (const c of categories) await this.repo.upsertCategory(c);
    const articles = readArticles();
    for (const a of articles) await this.repo.seed(a.id, a);
    this.logger.log(`help centre: ${categories.length} categories, ${articles.length} articles from data/help`);
  }
}
