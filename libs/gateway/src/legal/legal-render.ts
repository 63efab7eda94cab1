import type { LegalDocument, Operator } from '@registrar/identity';
import { renderMarkdown } from '../help/markdown';

/** The document as HTML, with the operator's details in place of {{operator.*}}. */
export function renderLegal(doc: LegalDocument, operator: Operator): string {
  const md = doc.markdown.replace(/\{\{\s*operator\.(\w+)\s*\}\}/g, (_m, k: string) => escapeMd(String((operator as unknown as Record<string, string>)[k] ?? '')));
  return renderMarkdown(md);
}

const escapeMd = (s: string) => s.replace(/([\\`*_[\]|<>])/g, '\\$1');
