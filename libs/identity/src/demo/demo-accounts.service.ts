import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PasswordService } from '../auth/password.service';
import { IdentityConfig } from '../identity.config';
import { PointsReader } from '../points/points.reader';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { ConsentRepository } from '../consent/consent.repository';
import { currentConsentVersions } from '../consent/legal-documents';

export const DEMO_ACCOUNTS = [
  { email: 'demo@example.com', password: 'demo-pass-1234', label: 'customer (10,000 RP)', adminRole: null, pointGrant: 10_000 },
  { email: 'admin@example.com', password: 'admin-pass-1234', label: 'admin (normal, 2)', adminRole: 2 as const, pointGrant: 0 },
  { email: 'super@example.com', password: 'super-pass-1234', label: 'super admin (1)', adminRole: 1 as const, pointGrant: 0 },
];

/**
 * Demo accounts, in the local runtime only (LOCAL_RUNTIME=1): a customer with points and a registered profile, an admin
 * and a super admin (both set up two-factor at first login). Printed at start. Elsewhere admins come from
 * scripts/admin/create-admin.ts and no default password exists.
 */
@Injectable()
export class DemoAccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoAccountsService.name);
  constructor(private readonly config: IdentityConfig, private readonly users: UsersRepository, private readonly passwords: PasswordService, private readonly points: PointsReader, private readonly consents: ConsentRepository) {}

  async onApplicationBootstrap() {
    // DEMO_SEED=0: another replica of the gateway seeds (npm run start:apart)
    if (!this.config.LOCAL_RUNTIME || this.config.NODE_ENV === 'production' || process.env.DEMO_SEED === '0') return;
    const lines: string[] = [];
    for (const d of DEMO_ACCOUNTS) {
      let u = await this.users.findByEmail(d.email);
      if (!u) {
        const values: Partial<UserEntity> = {
          email: d.email, passwordHash: await this.passwords.hash(d.password), emailVerifiedAt: new Date(), adminRole: d.adminRole,
          pointGrant: d.pointGrant, hasPriorUsage: true,
          ...(d.adminRole === null ? {
            lastName: '山田', firstName: '太郎', type: 1 as const, addressType: 0 as const, countryCode: 'JP', postCode: '1040061', prefecture: '東京都',
            address1: '中央区', address2: '銀座1-2-3', phone: '09012345678', phoneAuthenticated: '09012345678', profileCompletedAt: new Date(),
          } : {}),
        };
        try {
          u = await this.users.create(values);
        } catch {
          u = await this.users.findByEmail(d.email); // another replica created it
        }
      }
      if (u && (await this.consents.agreedVersions(u.id)).size === 0) {
        // the demo logins start as members who agreed to the current terms and privacy policy at sign-up
        const v = currentConsentVersions();
        await this.consents.record(u.id, [{ document: 'terms', version: v.terms }, { document: 'privacy', version: v.privacy }], 'signup');
      }
      if (u && d.pointGrant > 0) {
        // the RP go into the orders ledger once (idempotency key per account)
        await this.points.grant(u.id, d.pointGrant, `demo-grant:${u.id}`).catch((e: Error) => this.logger.warn(`demo RP grant failed: ${e.message}`));
      }
      lines.push(`  ${d.label.padEnd(22)} ${d.email.padEnd(20)} ${d.password}${u ? `  (ID ${u.id})` : ''}`);
    }
    this.logger.log('demo accounts ready');
    process.stdout.write(`\nDemo logins (local runtime only):\n${lines.join('\n')}\n  admins set up two-factor (authenticator app) at first login\n\n`);
  }
}
