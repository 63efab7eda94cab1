import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { M } from '@registrar/messages';
import { CurrentUser, Member } from '../auth/roles.decorator';
import { PointsReader } from '../points/points.reader';
import { UserEntity } from '../users/user.entity';
import { AddressUpdateDto } from './profile.dto';
import { ProfileService } from './profile.service';

@Controller()
@Member()
export class ProfileController {
  constructor(private readonly profile: ProfileService, private readonly points: PointsReader) {}

  /** GET mypage/user -> { user } with the point balance (from the orders ledger) and the profile. GET user/point is the orders feature's. */
  @Get('mypage/user')
  async user(@CurrentUser() user: UserEntity) {
    return { user: this.profile.view(user, await this.points.balance(user.id)) };
  }

  /** POST address/update -> { success, errors }; the web app then goes to mypage/domain. */
  @Post('address/update')
  @HttpCode(200)
  async update(@CurrentUser() user: UserEntity, @Body() dto: AddressUpdateDto) {
    const updated = await this.profile.update(user, dto);
    return { success: true, message: M.userInfoSaved, errors: {}, user: this.profile.view(updated) };
  }

  /** POST mypage/auth/identity/apply -> identity_verify_status 2 (pending) until an admin approves. */
  @Post('mypage/auth/identity/apply')
  @HttpCode(200)
  async applyIdentity(@CurrentUser() user: UserEntity) {
    const updated = await this.profile.applyIdentity(user);
    return { success: true, message: M.identityApplied, identity_verify_status: updated.identityVerifyStatus };
  }
}
