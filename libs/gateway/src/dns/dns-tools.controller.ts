import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import {
  DnsToolsApplyResult, DnsToolsPatterns, TemplatePreview, ZoneFileDto, ZoneImportPreview,
} from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DnsClient } from './dns.client';

/** The largest zone file text accepted (the dns service checks its bytes again: 4 MB). */
export const ZONE_TEXT_MAX = 4 * 1024 * 1024;

export class ZoneImportBody {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
  @IsString() @MaxLength(ZONE_TEXT_MAX) text!: string;
  @IsOptional() @IsString() @Length(0, 64) base?: string;
}

export class TemplateBody {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
  @IsString() @Length(1, 64) template!: string;
  @IsObject() params!: Record<string, string>;
  @IsOptional() @IsString() @Length(0, 64) base?: string;
}

/** A zone file answered as a download (text/dns, RFC 4027), never cached. */
export function sendZoneFile(res: Response, f: ZoneFileDto): void {
  res.setHeader('Content-Type', 'text/dns; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${f.filename.replace(/[^a-z0-9.-]/gi, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).send(f.text);
}

/**
 * Templates and zone files on the domain's DNS screen (issue 29): GET mypage/domain/{id}/zone (the BIND file), import
 * preview and apply, template preview and apply. The member is the session's; another member's domain answers 404.
 */
@Controller('mypage/domain')
export class DnsToolsController {
  constructor(private readonly dns: DnsClient) {}

  @Get(':id/zone')
  @Member()
  async zoneFile(@MemberId() userId: number, @Param('id', ParseIntPipe) id: number, @Res() res: Response): Promise<void> {
    sendZoneFile(res, await this.dns.call<ZoneFileDto>(DnsToolsPatterns.ExportZone, { userId, id }));
  }

  @Post('dns/import/preview')
  @Member()
  @HttpCode(200)
  importPreview(@MemberId() userId: number, @Body() body: ZoneImportBody): Promise<ZoneImportPreview> {
    return this.dns.call<ZoneImportPreview>(DnsToolsPatterns.ImportPreview, { userId, id: body.id, text: body.text }, 120_000);
  }

  @Post('dns/import/apply')
  @Member()
  @HttpCode(200)
  importApply(@MemberId() userId: number, @Body() body: ZoneImportBody): Promise<DnsToolsApplyResult> {
    return this.dns.call<DnsToolsApplyResult>(DnsToolsPatterns.ImportApply, { userId, id: body.id, text: body.text, base: body.base }, 120_000);
  }

  @Post('dns/template/preview')
  @Member()
  @HttpCode(200)
  templatePreview(@MemberId() userId: number, @Body() body: TemplateBody): Promise<TemplatePreview> {
    return this.dns.call<TemplatePreview>(DnsToolsPatterns.TemplatePreview, { userId, id: body.id, template: body.template, params: body.params });
  }

  @Post('dns/template/apply')
  @Member()
  @HttpCode(200)
  templateApply(@MemberId() userId: number, @Body() body: TemplateBody): Promise<DnsToolsApplyResult> {
    return this.dns.call<DnsToolsApplyResult>(DnsToolsPatterns.TemplateApply, { userId, id: body.id, template: body.template, params: body.params, base: body.base }, 120_000);
  }
}
