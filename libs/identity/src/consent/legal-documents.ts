import fs from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from '@registrar/infra';

/** The legal documents (data/legal/*.md). terms and privacy are agreed to; the others are information pages. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'tokushoho', 'company'] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENTS)[number];
export const CONSENT_DOCUMENTS = ['terms', 'privacy'] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

export interface LegalDocument {
  key: LegalDocumentKey;
  title: string;
  /** The version members agree to (a date such as 2026-11-01); a new version asks every member again. */
  version: string;
  /** 施行日 as written in the document. */
  effective: string;
  markdown: string;
}

export interface Operator { legal_name: string; address: string; representative: string; phone: string; email: string; business_hours: string }

let cache: Map<LegalDocumentKey, LegalDocument> | null = null;

export function legalDir(): string {
  return path.resolve(process.cwd(), process.env.LEGAL_DIR ?? 'data/legal');
}

/** Read once per process: the documents ship with the code, so a new version arrives with a deploy. */
export function legalDocuments(dir = legalDir()): Map<LegalDocumentKey, LegalDocument> {
  if (cache && dir === legalDir()) return cache;
  const docs = new Map<LegalDocumentKey, LegalDocument>();
  for (const key of LEGAL_DOCUMENTS) {
    const { meta, body } = splitFrontMatter(fs.readFileSync(path.join(dir, `${key}.md`), 'utf8'));
    if (!meta.title || !meta.version) throw new Error(`${key}.md needs a title and a version in its front matter`);
    docs.set(key, { key, title: meta.title, version: meta.version, effective: meta.effective ?? '', markdown: body });
  }
  if (dir === legalDir()) cache = docs;
  return docs;
}

/** The versions members must have agreed to. */
export function currentConsentVersions(): Record<ConsentDocument, string> {
  const d = legalDocuments();
  return { terms: d.get('terms')!.version, privacy: d.get('privacy')!.version };
}
