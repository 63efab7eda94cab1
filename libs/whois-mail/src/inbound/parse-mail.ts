import { simpleParser } from 'mailparser';
import { WhoisMailAttachmentDto } from '@registrar/contracts';

export interface ParsedInbound {
  subject: string;
  from: string;
  text: string;
  html: string | null;
  messageId: string | null;
  attachments: WhoisMailAttachmentDto[];
  malformed: boolean;
}

const MAX_TEXT = 1_000_000;
/** Control characters other than tab and line breaks are dropped from what we keep as text (NUL breaks PostgreSQL text). */
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** A readable text of an HTML-only mail: tags out, entities of the common kinds decoded. Never rendered as HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_w, href: string, label: string) => `${label} ${href}`)
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The header value of a raw message, for a message mailparser could not read. */
function rawHeader(raw: string, name: string): string {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '');
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/**
 * Parses a raw message with mailparser. Attachments are described (name, type, size), never kept apart or opened;
 * the raw message itself is stored unchanged. A message mailparser cannot read is kept as text and flagged malformed.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  try {
    const p = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true, keepCidLinks: true });
    const html = typeof p.html === 'string' ? clean(p.html).slice(0, MAX_TEXT) : null;
    const text = clean(p.text ?? (html ? htmlToText(html) : '')).slice(0, MAX_TEXT);
    return {
      subject: clean(p.subject ?? '').slice(0, 2000),
      from: clean(p.from?.text ?? '').slice(0, 1000),
      text,
      html,
      messageId: p.messageId ? p.messageId.slice(0, 1000) : null,
      attachments: (p.attachments ?? []).slice(0, 200).map((a) => ({ filename: a.filename ? clean(a.filename).slice(0, 300) : null, content_type: a.contentType, size: a.size })),
      malformed: false,
    };
  } catch {
    const s = raw.toString('utf8');
    return {
      subject: clean(rawHeader(s, 'subject')).slice(0, 2000),
      from: clean(rawHeader(s, 'from')).slice(0, 1000),
      text: clean(s).slice(0, MAX_TEXT),
      html: null,
      messageId: null,
      attachments: [],
      malformed: true,
    };
  }
}
