import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown of help articles and legal documents → HTML that is safe to put into a page. Rendered with `marked`
 * (GitHub-flavoured: tables, lists) and then reduced by `sanitize-html` to text markup, headings, lists, tables, code
 * and links (http(s), mailto, tel and same-site paths); scripts, styles, event handlers, iframes and images from other
 * sites are dropped. Run when an article is saved and for every preview, so what an admin sees is what is served.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'small', 'span', 'blockquote',
    'ul', 'ol', 'li', 'a', 'code', 'pre', 'kbd', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'dl', 'dt', 'dd', 'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['align'], td: ['align'], ol: ['start'], table: ['tabindex'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // h1 is the page's title: a heading of the body starts at h2
    h1: 'h2',
    // a wide table scrolls inside its own box on phones: keyboard users reach it (WCAG, axe scrollable-region-focusable)
    table: (tagName) => ({ tagName, attribs: { tabindex: '0' } }),
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? '');
      return { tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } };
    },
  },
  // images only from this site (screenshots under /help-images/…); a src of another site is removed with the tag
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/[^/]/.test(frame.attribs.src ?? ''),
};

export function renderMarkdown(md: string): string {
  const html = marked.parse(md, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of rendered HTML (for search and summaries): tags removed, entities decoded, whitespace folded. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, textFilter: (t) => `${t} ` })
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The form search compares: Unicode NFKC (full-width ＤＮＳ and half-width ｶﾅ become DNS and カナ) and lower case.
 * Titles and bodies are stored in this form; a query is put in it before it is compared.
 */
export function searchForm(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
