import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForwardingListResult, ForwardingPatterns, ForwardingSaveResult, MailForwardLookup, MailForwardSaveRequest, UrlForwardSaveRequest } from '@registrar/contracts';
import { DnsRpcErrorFilter } from '../common/dns.exception';
import { userIdOf } from '../common/rpc-payload';
import { ForwardingService } from './forwarding.service';

/** 転送設定 on the request transport: every member call names the member (set by the gateway from the session or API key). */
@Controller()
@UseFilters(DnsRpcErrorFilter)
export class ForwardingRpcController {
  constructor(private readonly forwarding: ForwardingService) {}

  @MessagePattern(ForwardingPatterns.List)
  list(@Payload() req: { userId: number; id: number }): Promise<ForwardingListResult> {
    return this.forwarding.list(userIdOf(req), Number(req?.id));
  }

  @MessagePattern(ForwardingPatterns.SaveUrl)
  saveUrl(@Payload() req: UrlForwardSaveRequest & { userId: number }): Promise<ForwardingSaveResult> {
    return this.forwarding.saveUrl(userIdOf(req), req);
  }

  @MessagePattern(ForwardingPatterns.SaveMail)
  saveMail(@Payload() req: MailForwardSaveRequest & { userId: number }): Promise<ForwardingSaveResult> {
    return this.forwarding.saveMail(userIdOf(req), req);
  }

  @MessagePattern(ForwardingPatterns.Remove)
  remove(@Payload() req: { userId: number; id: number; kind: string; forwardId: number }): Promise<ForwardingSaveResult> {
    return this.forwarding.remove(userIdOf(req), req);
  }

  @MessagePattern(ForwardingPatterns.MailLookup)
  mailLookup(@Payload() req: { address: string }): Promise<MailForwardLookup | null> {
    return this.forwarding.mailLookup(String(req?.address ?? ''));
  }
}
