import { Inject, MiddlewareConsumer, Module, NestModule, OnModuleDestroy, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MAIL_RECIPIENTS, MailModule, MailRecipients } from '@registrar/mail';
import IORedis from 'ioredis';
import { schemaTypeOrmModule } from '@registrar/db';
import { ORDERS_CLIENT } from '@registrar/contracts';
import { CLOCK, createRedis, rpcClientModule, SystemClock } from '@registrar/infra';
import { PostalModule } from './postal/postal.module';
import { AccountController } from './account/account.controller';
import { AccountService } from './account/account.service';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminAuditController } from './audit/admin-audit.controller';
import { AdminAuditEntity } from './audit/admin-audit.entity';
import { AdminAuditInterceptor } from './audit/admin-audit.interceptor';
import { AdminAuditRepository } from './audit/admin-audit.repository';
import { AdminAuditLog1795433231040 } from './migrations/1795433231040-admin-audit-log';
import { Notifications1797000000000 } from './migrations/1797000000000-notifications';
import { HelpAndConsents1798000000000 } from './migrations/1798000000000-help-and-consents';
import { ConsentRepository } from './consent/consent.repository';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginThrottleService } from './auth/login-throttle.service';
import { PasswordService } from './auth/password.service';
import { RolesGuard } from './auth/roles.guard';
import { DemoAccountsService } from './demo/demo-accounts.service';
import { devToolsEnabled, IdentityConfig, identityConfig } from './identity.config';
import { IDENTITY_REDIS, IDENTITY_SCHEMA } from './identity.constants';
import { ChangeNoticeService } from './account/change-notice.service';
import { IdentityInit1767300000000 } from './migrations/1767300000000-identity-init';
import { TokenPassword1799230000000 } from './migrations/1799230000000-i23-token-password';
import { PointsReader } from './points/points.reader';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { CsrfMiddleware } from './session/csrf.middleware';
import { SessionMiddleware } from './session/session.middleware';
import { DevSmsSender, SMS_SENDER, UnconfiguredSmsSender } from './sms/sms-sender';
import { SmsController } from './sms/sms.controller';
import { SmsService } from './sms/sms.service';
import { TwoFactorService } from './two-factor/two-factor.service';
import { EmailTokenEntity } from './users/email-token.entity';
import { UserEntity } from './users/user.entity';
import { UsersRepository } from './users/users.repository';

const entities = [UserEntity, EmailTokenEntity, AdminAuditEntity];
export const IDENTITY_MIGRATIONS = [IdentityInit1767300000000, AdminAuditLog1795433231040, Notifications1797000000000, HelpAndConsents1798000000000, TokenPassword1799230000000];

/** The mail worker runs here, beside the members' addresses: a mail for a member is addressed when it is sent. */
const mailRecipients: Provider = {
  provide: MAIL_RECIPIENTS,
  inject: [getDataSourceToken(IDENTITY_SCHEMA)],
  useFactory: (ds: DataSource): MailRecipients => ({
    emailOf: async (userId) => ((await ds.query(`SELECT email FROM ${IDENTITY_SCHEMA}.users WHERE id = $1 AND disabled_at IS NULL`, [userId]))[0]?.email as string | undefined) ?? null,
  }),
};

const mail = MailModule.forWorker({ recipients: mailRecipients });

const providers: Provider[] = [
  { provide: IdentityConfig, useFactory: identityConfig },
  { provide: IDENTITY_REDIS, useFactory: (c: IdentityConfig) => createRedis(c.REDIS_URL), inject: [IdentityConfig] },
  { provide: CLOCK, useFactory: () => new SystemClock() },
  // the development sender in the local runtime and tests, or where SMS_PROVIDER=dev (never in production: refused at boot)
  { provide: SMS_SENDER, useFactory: (r: IORedis, c: IdentityConfig) => (devToolsEnabled() || c.SMS_PROVIDER === 'dev' ? new DevSmsSender(r) : new UnconfiguredSmsSender()), inject: [IDENTITY_REDIS, IdentityConfig] },
  { provide: APP_GUARD, useClass: RolesGuard },
  { provide: APP_INTERCEPTOR, useClass: AdminAuditInterceptor },
  AdminAuditRepository,
  UsersRepository, PasswordService, LoginThrottleService, AuthService, TwoFactorService, AccountService, ChangeNoticeService, ProfileService, SmsService,
  DemoAccountsService, SessionMiddleware, CsrfMiddleware, PointsReader, ConsentRepository,
];

/**
 * Identity (ARCHITECTURE §2): accounts, sessions in Redis, CSRF, roles, sign-up/login/2FA, profile, SMS and identity
 * verification. Its middleware runs for every route: the session, then the CSRF rule for state-changing calls.
 */
@Module({
  imports: [schemaTypeOrmModule({ schema: IDENTITY_SCHEMA, entities, migrations: IDENTITY_MIGRATIONS }), TypeOrmModule.forFeature(entities, IDENTITY_SCHEMA), mail, PostalModule, rpcClientModule(ORDERS_CLIENT)],
  controllers: [AuthController, AccountController, ProfileController, SmsController, AdminUsersController, AdminAuditController],
  providers,
  exports: [IdentityConfig, UsersRepository, IDENTITY_REDIS, mail, AdminAuditRepository, ConsentRepository],
})
export class IdentityModule implements NestModule, OnModuleDestroy {
  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis) {}

  configure(consumer: MiddlewareConsumer) {
    // the session itself is installed ahead of every module's middleware by configureGatewayApp (the SPA middleware
    // needs it for the page's meta token); applying it here too is a no-op then, and a safety net otherwise
    consumer.apply(SessionMiddleware, CsrfMiddleware).forRoutes('*');
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }
}
