import { Inject, Injectable } from '@nestjs/common';
import { IdentityVerifyStatus } from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { M } from '@registrar/messages';
import { AddressType, normaliseUserInfo, UserInfoInput, validateUserInfo } from '@registrar/rules';
import { PostalService } from '../postal/postal.service';
import { toSessionUser } from '../session/session-helpers';
import { FieldErrorsException } from '../identity.errors';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

/** The user information registration (000 spec §2, §5) and the user as GET mypage/user shows it. */
@Injectable()
export class ProfileService {
  constructor(private readonly users: UsersRepository, private readonly postal: PostalService, @Inject(CLOCK) private readonly clock: Clock) {}

  view(u: UserEntity, point = 0) {
    return {
      ...toSessionUser(u, point),
      company_name: u.companyName,
      type: u.type,
      address_type: u.addressType,
      country_code: u.countryCode,
      post_code: u.postCode,
      prefecture: u.prefecture,
      address1: u.address1,
      address2: u.address2,
      address3: u.address3,
      phone: u.phone,
      /** the verified number, or null */
      authenticated_phone: u.phoneAuthenticated,
      has_prior_usage: u.hasPriorUsage,
    };
  }

  async update(user: UserEntity, input: UserInfoInput): Promise<UserEntity> {
    const japan = Number(input.address_type ?? 0) === AddressType.Japan;
    const pc = String(input.post_code ?? '').replace(/\D/g, '');
    const looked = japan && pc.length === 7 ? this.postal.lookup(pc) : null;
    const errors: Record<string, string> = { ...validateUserInfo(input, { lookedUpAddress2: looked?.ja.address2 || null }) };
    const v = normaliseUserInfo(input);
    // either a mobile phone (by SMS, entered in the SMS panel; the profile's phone may be a landline) or the identity
    // must be verified; accounts with prior usage count as verified
    const phoneOk = user.phoneAuthenticated !== null;
    const identityOk = user.identityVerifyStatus === IdentityVerifyStatus.Approval || user.hasPriorUsage;
    if (!errors.phone && !phoneOk && !identityOk) errors.phone = M.authRequired;
    if (Object.keys(errors).length) throw new FieldErrorsException(errors);
    await this.users.update(user.id, {
      lastName: v.last_name, firstName: v.first_name, type: v.type, companyName: v.company_name, addressType: v.address_type,
      countryCode: v.country_code, postCode: v.post_code, prefecture: v.prefecture, address1: v.address1, address2: v.address2,
      address3: v.address3, phone: v.phone, profileCompletedAt: user.profileCompletedAt ?? this.clock.now(),
    });
    return (await this.users.findById(user.id))!;
  }

  /** The user asks for identity verification (documents are checked by an admin, who approves). */
  async applyIdentity(user: UserEntity): Promise<UserEntity> {
    if (user.identityVerifyStatus === IdentityVerifyStatus.Unapplied) await this.users.update(user.id, { identityVerifyStatus: IdentityVerifyStatus.Pending });
    return (await this.users.findById(user.id))!;
  }
}
