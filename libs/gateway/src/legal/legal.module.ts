import { Module } from '@nestjs/common';
import { IdentityModule } from '@registrar/identity';
import { HelpRepository } from '../help/help.repository';
import { HelpSeedService } from '../help/help-seed.service';
import { AdminHelpController, HelpController } from '../help/help.controller';
import { ConsentController, LegalController } from './legal.controller';
import { SiteConfig, siteConfig } from './site.config';

/** Trust pages and the help centre (issue 25): legal documents, the services map, consents, help articles. */
@Module({
  imports: [IdentityModule],
  controllers: [LegalController, ConsentController, HelpController, AdminHelpController],
  providers: [{ provide: SiteConfig, useFactory: () => siteConfig() }, HelpRepository, HelpSeedService],
  exports: [SiteConfig],
})
export class LegalModule {}
