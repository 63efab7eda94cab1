import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an admin writes into announcements and notifications, reduced to harmless markup (sanitize-html): text
 * formatting and links only, http(s)/mailto links opening safely; scripts, styles, event handlers and every other
 * tag or attribute are dropped. Applied when it is saved and again when it is served.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'em', 'i', 'u', 's', 'br', 'p', 'span', 'small', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), ...(attribs.target === '_blank' ? { target: '_blank' } : {}), rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
