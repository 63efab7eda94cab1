import { Code } from '@mantine/core';

/** A strict policy put in front of mail HTML: no scripts, no remote loads (tracking pixels), no forms, no frames. */
const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'">`;

/**
 * Renders untrusted HTML (a mail's HTML part, a failed page) in a sandboxed frame: sandbox="" runs no script, has an
 * opaque origin (no cookies, no access to this page), submits no form and navigates nothing; the CSP blocks remote loads.
 */
export function SandboxedHtml({ html, title, height = 360 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={`<!doctype html><html><head><meta charset="utf-8">${CSP}</head><body>${html}</body></html>`}
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: '#fff' }}
      data-testid="sandboxed-html"
    />
  );
}

/** HTML as source text (React escapes it: shown, never parsed). */
export function HtmlSource({ html, testId }: { html: string; testId?: string }) {
  return <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '60vh', overflow: 'auto' }}>{html}</Code>;
}
