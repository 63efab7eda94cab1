import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { M } from '@registrar/messages';
import { AuthedRequest, Member, Public, ConsentContext, ConsentRepository, CONSENT_DOCUMENTS, ConsentDocument, currentConsentVersions, LEGAL_DOCUMENTS, LegalDocumentKey, legalDocuments } from '@registrar/identity';
import { renderLegal } from './legal-render';
import { SiteConfig } from './site.config';

/** The site's public settings and the legal pages (利用規約, プライバシーポリシー, 特定商取引法に基づく表記, 運営会社). */
@Controller()
@Public()
export class LegalController {
  constructor(private readonly config: SiteConfig) {}

  /** What every page's header and footer read: the services map (only services that exist) and the operator. */
  @Get('site/config')
  site() {
    const versions = currentConsentVersions();
    return { services: this.config.services, operator: this.config.operator, legal: versions };
  }

  @Get('legal/:doc')
  document(@Param('doc') key: string) {
    if (!(LEGAL_DOCUMENTS as readonly string[]).includes(key)) throw new NotFoundException({ result: false, message: M.forbidden });
    const doc = legalDocuments().get(key as LegalDocumentKey)!;
    return { key: doc.key, title: doc.title, version: doc.version, effective: doc.effective, operator: this.config.operator, html: renderLegal(doc, this.config.operator) };
  }
}

const CONTEXTS: readonly ConsentContext[] = ['checkout', 'renewal', 'transfer', 'reconsent'];

/**
 * A member's agreements. The checkout, renewal and transfer screens record the ticked 「利用規約に同意する」 here
 * before they pay or submit; the re-consent dialog records agreement to revised documents.
 */
@Controller('consents')
@Member()
export class ConsentController {
  constructor(private readonly consents: ConsentRepository) {}

  /** The documents whose current version this member has not agreed to yet (the dialog blocks until they do). */
  @Get('pending')
  async pending(@Req() req: AuthedRequest) {
    // operators' staff accounts work under their employment terms, not the members' terms: never blocked
    if (req.user!.adminRole) return { pending: [] };
    const agreed = await this.consents.agreedVersions(req.user!.id);
    const versions = currentConsentVersions();
    const docs = legalDocuments();
    const pending = CONSENT_DOCUMENTS.filter((d) => !agreed.get(d)?.has(versions[d])).map((d) => ({ document: d, version: versions[d], title: docs.get(d)!.title, everAgreed: agreed.has(d) }));
    return { pending };
  }

  @Get('history')
  async history(@Req() req: AuthedRequest) {
    return { consents: await this.consents.history(req.user!.id) };
  }

  /** body: { context, documents: [{ document, version }] }; a version other than the current one is refused. */
  @Post()
  @HttpCode(200)
  async record(@Req() req: AuthedRequest, @Body() body: { context?: unknown; documents?: unknown }) {
    const context = CONTEXTS.find((c) => c === body?.context);
    const list = Array.isArray(body?.documents) ? (body.documents as { document?: unknown; version?: unknown }[]) : [];
    const versions = currentConsentVersions();
    const docs = list.map((d) => ({ document: String(d?.document ?? ''), version: typeof d?.version === 'string' ? d.version : versions[String(d?.document) as ConsentDocument] }));
    if (!context || !docs.length || docs.length > 2 || docs.some((d) => !(CONSENT_DOCUMENTS as readonly string[]).includes(d.document))) {
      throw new BadRequestException({ result: false, message: M.consentDocumentsInvalid });
    }
    if (docs.some((d) => d.version !== versions[d.document as ConsentDocument])) throw new ConflictException({ result: false, message: M.consentVersionChanged });
    await this.consents.record(req.user!.id, docs, context, { ip: (req as Request).ip, userAgent: String(req.headers['user-agent'] ?? '') });
    return { result: true, message: context === 'reconsent' ? M.reconsentAgreed : undefined };
  }
}
