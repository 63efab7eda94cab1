import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiSettingsResult, ApiSettingsSaveResult, ContactDeleteResult, DefaultSettingSaveResult, WhoisCancelResult, WhoisContactDto, WhoisDispatchResult,
  WhoisOrgGetResult, WhoisOrgUpdateResult, WhoisPatterns,
} from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { ApiSettingsBody, ContactDeleteBody, DefaultSettingBody, WhoisCancelBody, WhoisDispatchBody, WhoisOrgUpdateBody } from './whois.dto';

/**
 * WHOIS information management and WHOIS change (001 spec §7; docs/whois.md). The member comes from the session;
 * ids of another member's contacts or domains are refused by the service.
 */
@Controller('mypage')
export class WhoisController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  /** GET mypage/domain/whois -> { contacts } with their usage count (domain_num) */
  @Get('domain/whois')
  @Member()
  list(@MemberId() userId: number): Promise<{ contacts: WhoisContactDto[] }> {
    return this.domainOps.call(WhoisPatterns.ContactList, { userId });
  }

  /** GET mypage/domain/whois/select -> { contacts } (the change modal's choices) */
  @Get('domain/whois/select')
  @Member()
  select(@MemberId() userId: number): Promise<{ contacts: WhoisContactDto[] }> {
    return this.domainOps.call(WhoisPatterns.ContactList, { userId });
  }

  /** POST mypage/domain/whois/delete {contactId} -> { status, error_msg } (only an unused contact) */
  @Post('domain/whois/delete')
  @Member()
  @HttpCode(200)
  remove(@MemberId() userId: number, @Body() body: ContactDeleteBody): Promise<ContactDeleteResult> {
    return this.domainOps.call(WhoisPatterns.ContactDelete, { userId, contactId: body.contactId }, 120_000);
  }

  /** POST mypage/domain/whois/select/dispatch -> { status, errors, contents [{id, status, message}] } */
  @Post('domain/whois/select/dispatch')
  @Member()
  @HttpCode(200)
  dispatch(@MemberId() userId: number, @Body() body: WhoisDispatchBody): Promise<WhoisDispatchResult> {
    return this.domainOps.call(WhoisPatterns.Dispatch, { ...body, userId }, 120_000);
  }

  /** POST mypage/domain/whois/select/cancel {domain} -> { status, errors, contents {status, message} } */
  @Post('domain/whois/select/cancel')
  @Member()
  @HttpCode(200)
  cancel(@MemberId() userId: number, @Body() body: WhoisCancelBody): Promise<WhoisCancelResult> {
    return this.domainOps.call(WhoisPatterns.Cancel, { userId, domain: body.domain }, 60_000);
  }

  /** GET mypage/whois/status/check -> { count } of the member's domains with a WHOIS change in progress */
  @Get('whois/status/check')
  @Member()
  status(@MemberId() userId: number): Promise<{ count: number }> {
    return this.domainOps.call(WhoisPatterns.StatusCount, { userId }, 60_000);
  }

  /** GET mypage/domain/whois/get?domainName= -> { contacts: {org_contact, reg_contact, adm_contact, tec_contact, bil_contact} } (.co.jp) */
  @Get('domain/whois/get')
  @Member()
  orgGet(@MemberId() userId: number, @Query('domainName') domainName: string): Promise<WhoisOrgGetResult> {
    return this.domainOps.call(WhoisPatterns.OrgGet, { userId, domainName: String(domainName ?? '') });
  }

  /** POST mypage/domain/whois/org/update {domainName, contact {org, reg, tec, adm, bil}} -> { result, message, errors } */
  @Post('domain/whois/org/update')
  @Member()
  @HttpCode(200)
  orgUpdate(@MemberId() userId: number, @Body() body: WhoisOrgUpdateBody): Promise<WhoisOrgUpdateResult> {
    return this.domainOps.call(WhoisPatterns.OrgUpdate, { ...body, userId }, 120_000);
  }

  /** POST mypage/domain/default -> { status, error_msg, errors } (GET is in the purchase controller) */
  @Post('domain/default')
  @Member()
  @HttpCode(200)
  saveDefaults(@MemberId() userId: number, @Body() body: DefaultSettingBody): Promise<DefaultSettingSaveResult> {
    return this.domainOps.call(WhoisPatterns.DefaultsSave, { ...body, userId });
  }

  /** GET mypage/user/api -> { user, point } (never the key itself) */
  @Get('user/api')
  @Member()
  api(@MemberId() userId: number): Promise<ApiSettingsResult> {
    return this.domainOps.call(WhoisPatterns.ApiGet, { userId });
  }

  /** POST mypage/user/api {isApiEnabled, isIpRestriction, apiAllowedIps} -> { status, errors, apiKey (once) } */
  @Post('user/api')
  @Member()
  @HttpCode(200)
  saveApi(@MemberId() userId: number, @Body() body: ApiSettingsBody): Promise<ApiSettingsSaveResult> {
    return this.domainOps.call(WhoisPatterns.ApiSave, { ...body, userId });
  }

  /** POST mypage/user/api/key -> { status, errors, apiKey }: a new key; the old one stops working */
  @Post('user/api/key')
  @Member()
  @HttpCode(200)
  rotateApiKey(@MemberId() userId: number): Promise<ApiSettingsSaveResult> {
    return this.domainOps.call(WhoisPatterns.ApiRotateKey, { userId });
  }
}
