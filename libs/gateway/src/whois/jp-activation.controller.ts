import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { IsObject, IsString, Length } from 'class-validator';
import { JpActivateResult, JpActivationListResult, JpActivationPatterns } from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';

/** POST mypage/JpDomainActivate/activate (000 spec §7): domainName, contact { org, reg }. */
export class JpActivateBody {
  @IsString() @Length(1, 300) domainName!: string;
  @IsObject() contact!: Record<string, Record<string, unknown> | undefined>;
}

/** Provisional .co.jp activation (000 spec §2 "Provisional-domain activation"; docs/renewal-lifecycle.md). */
@Controller('mypage/JpDomainActivate')
export class JpActivationController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  /** GET mypage/JpDomainActivate/list -> { domains: [{ id, name, punycode, deadline, org_contact, reg_contact }] } (the member's provisional .co.jp) */
  @Get('list')
  @Member()
  list(@MemberId() userId: number): Promise<JpActivationListResult> {
    return this.domainOps.call(JpActivationPatterns.List, { userId });
  }

  /** POST mypage/JpDomainActivate/activate -> { result, message[], errors { org, reg } } */
  @Post('activate')
  @Member()
  @HttpCode(200)
  activate(@MemberId() userId: number, @Body() body: JpActivateBody): Promise<JpActivateResult> {
    return this.domainOps.call(JpActivationPatterns.Activate, { domainName: body.domainName, contact: { org: body.contact.org, reg: body.contact.reg }, userId }, 120_000);
  }
}
