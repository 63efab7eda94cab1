import { Module } from '@nestjs/common';
import { IdentityModule } from '@registrar/identity';
import { NotificationSeedService } from './notification-seed.service';
import { AdminNotificationsController, MemberNotificationsController, PublicNotificationsController, ServiceNotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';

/** Notifications, the bell and header announcements, with their authoring (docs/notifications.md). */
@Module({
  imports: [IdentityModule],
  controllers: [PublicNotificationsController, MemberNotificationsController, ServiceNotificationsController, AdminNotificationsController],
  providers: [NotificationsRepository, NotificationSeedService],
  exports: [NotificationsRepository],
})
export class NotificationsModule {}
