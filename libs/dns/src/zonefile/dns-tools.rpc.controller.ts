import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DnsToolsApplyResult, DnsToolsPatterns, TemplatePreview, TemplateRpcRequest, ZoneFileDto, ZoneImportPreview, ZoneImportRpcRequest,
} from '@registrar/contracts';
import { DnsRpcErrorFilter } from '../common/dns.exception';
import { userIdOf } from '../common/rpc-payload';
import { DnsToolsService } from './dns-tools.service';

/** Templates and zone files (issue 29): the member is named by the gateway from the session or the API key. */
@Controller()
@UseFilters(DnsRpcErrorFilter)
export class DnsToolsRpcController {
  constructor(private readonly tools: DnsToolsService) {}

  @MessagePattern(DnsToolsPatterns.ExportZone)
  exportZone(@Payload() req: { userId: number; id: number }): Promise<ZoneFileDto> {
    return this.tools.exportZone(userIdOf(req), Number(req?.id));
  }

  @MessagePattern(DnsToolsPatterns.ImportPreview)
  importPreview(@Payload() req: ZoneImportRpcRequest): Promise<ZoneImportPreview> {
    return this.tools.importPreview({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DnsToolsPatterns.ImportApply)
  importApply(@Payload() req: ZoneImportRpcRequest): Promise<DnsToolsApplyResult> {
    return this.tools.importApply({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DnsToolsPatterns.TemplatePreview)
  templatePreview(@Payload() req: TemplateRpcRequest): Promise<TemplatePreview> {
    return this.tools.templatePreview({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DnsToolsPatterns.TemplateApply)
  templateApply(@Payload() req: TemplateRpcRequest): Promise<DnsToolsApplyResult> {
    return this.tools.templateApply({ ...req, userId: userIdOf(req) });
  }
}
