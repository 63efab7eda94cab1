import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, Member } from '../auth/roles.decorator';
import { UserEntity } from '../users/user.entity';
import { SmsSendDto, SmsVerifyDto } from './sms.dto';
import { SmsService } from './sms.service';

@Controller('mypage/auth/sms')
@Member()
export class SmsController {
  constructor(private readonly sms: SmsService) {}

  /** POST mypage/auth/sms/send {phone} -> {success, phone, errors} */
  @Post('send')
  @HttpCode(200)
  send(@CurrentUser() user: UserEntity, @Body() dto: SmsSendDto) {
    return this.sms.send(user, dto.phone);
  }

  /** POST mypage/auth/sms/verify {phone, code} -> {success, phone, errors} */
  @Post('verify')
  @HttpCode(200)
  verify(@CurrentUser() user: UserEntity, @Body() dto: SmsVerifyDto) {
    return this.sms.verify(user, dto.phone, dto.code);
  }
}
