import { IdentityVerifyStatus } from '@registrar/contracts';
import type { UserEntity } from '../users/user.entity';

/** A user must verify (SMS or identity) before buying unless the account has prior usage. */
export function isVerified(u: UserEntity): boolean {
  return u.hasPriorUsage || Boolean(u.phoneAuthenticated) || u.identityVerifyStatus === IdentityVerifyStatus.Approval;
}

export function canPurchase(u: UserEntity): boolean {
  return Boolean(u.profileCompletedAt) && isVerified(u);
}
