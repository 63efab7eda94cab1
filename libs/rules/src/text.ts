/**
 * Text helpers shared by the web app and the server (002 spec §9: "A truncate filter cuts text at a length and adds
 * '...'"; the WHOIS mail inbox shows subjects at 20 and contents at 50 characters).
 */
export const INBOX_SUBJECT_CHARS = 20;
export const INBOX_CONTENT_CHARS = 50;

/** Cuts text at `length` characters (code points, so a surrogate pair is never split) and adds '...' when it was longer. */
export function truncateText(text: string | null | undefined, length: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Splits text into plain parts and http(s) links, for auto-linking without ever treating the text as HTML.
 * Trailing punctuation and closing brackets stay outside the link.
 */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const re = /https?:\/\/[^\s<>"'「」（）()、。]+/gi;
  let last = 0;
  for (const m of text.matchAll(re)) {
    let url = m[0];
    const trail = /[).,;:!?'"\]>]+$/.exec(url);
    if (trail) url = url.slice(0, -trail[0].length);
    const start = m.index ?? 0;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
