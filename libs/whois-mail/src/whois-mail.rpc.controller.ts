import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  WhoisEmailCountResult, WhoisEmailDetailDto, WhoisEmailListRequest, WhoisEmailListResult, WhoisEmailUpdateRequest, WhoisEmailUpdateResult,
  WhoisMailPatterns,
} from '@registrar/contracts';
import { WhoisMailRpcErrorFilter } from './common/whois-mail.exception';
import { EmailsService } from './emails/emails.service';

/** The whois-mail service's request/response handlers on the request transport (BullMQ command queues) (the gateway's admin inbox calls them). */
@Controller()
@UseFilters(WhoisMailRpcErrorFilter)
export class WhoisMailRpcController {
  constructor(private readonly emails: EmailsService) {}

  @MessagePattern(WhoisMailPatterns.List)
  list(@Payload() req: WhoisEmailListRequest): Promise<WhoisEmailListResult> {
    return this.emails.list(req ?? {});
  }

  @MessagePattern(WhoisMailPatterns.Count)
  count(): Promise<WhoisEmailCountResult> {
    return this.emails.counts();
  }

  @MessagePattern(WhoisMailPatterns.Get)
  get(@Payload() req: { id: number }): Promise<WhoisEmailDetailDto> {
    return this.emails.get(req?.id);
  }

  @MessagePattern(WhoisMailPatterns.UpdateType)
  updateType(@Payload() req: WhoisEmailUpdateRequest): Promise<WhoisEmailUpdateResult> {
    return this.emails.updateType(req?.id, req?.type);
  }

  @MessagePattern(WhoisMailPatterns.MarkSuccess)
  markSuccess(@Payload() req: WhoisEmailUpdateRequest): Promise<WhoisEmailUpdateResult> {
    return this.emails.markSuccess(req?.id, req?.type);
  }
}
