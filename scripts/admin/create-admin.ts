/**
 * Creates an admin account, or gives an existing account an admin role. Outside the local runtime this is the only
 * way an admin comes to exist; there is no default password. The admin sets up two-factor at first login.
 *
 *   node_modules/.bin/node -r @swc-node/register scripts/admin/create-admin.ts --email ops@example.jp --role super|normal
 *
 * The password is read from ADMIN_PASSWORD, or a random one is generated and printed once.
 * DATABASE_URL selects the database (migrations of the identity schema are applied first).
 */
import 'reflect-metadata';
import argon2 from 'argon2';
import crypto from 'node:crypto';
import { openSchema } from '@registrar/db';
// the entity files only, not the gateway barrel (which would load the whole HTTP edge)
import { IDENTITY_SCHEMA } from '../../libs/identity/src/identity.constants';
import { IdentityInit1767300000000 } from '../../libs/identity/src/migrations/1767300000000-identity-init';
import { EmailTokenEntity } from '../../libs/identity/src/users/email-token.entity';
import { UserEntity } from '../../libs/identity/src/users/user.entity';
import { validateEmail, validatePassword } from '@registrar/rules';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const email = (arg('email') ?? '').trim().toLowerCase();
  const role = arg('role') ?? 'normal';
  if (validateEmail(email)) throw new Error('--email must be a valid e-mail address');
  if (role !== 'super' && role !== 'normal') throw new Error('--role must be super or normal');
  const generated = !process.env.ADMIN_PASSWORD;
  const password = process.env.ADMIN_PASSWORD ?? crypto.randomBytes(15).toString('base64url');
  if (validatePassword(password)) throw new Error('ADMIN_PASSWORD must be 8 to 128 characters');
  const adminRole = role === 'super' ? 1 : 2;

  const ds = await openSchema({ schema: IDENTITY_SCHEMA, entities: [UserEntity, EmailTokenEntity], migrations: [IdentityInit1767300000000], poolSize: 2 }); // the migration lock holds one connection
  try {
    const repo = ds.getRepository(UserEntity);
    const existing = await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
    if (existing) {
      await repo.update({ id: existing.id }, { adminRole, sessionEpoch: existing.sessionEpoch + 1 });
      console.log(`account ${existing.id} <${email}> is now admin_role ${adminRole} (${role}); its sessions were ended`);
      return;
    }
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const user = await repo.save(repo.create({ email, passwordHash, emailVerifiedAt: new Date(), adminRole, hasPriorUsage: true }));
    console.log(`created admin ${user.id} <${email}> admin_role ${adminRole} (${role})`);
    if (generated) console.log(`password (shown once): ${password}`);
    console.log('two-factor authentication is set up at first login (/security)');
  } finally {
    await ds.destroy();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
