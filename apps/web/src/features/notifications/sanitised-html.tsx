import { Typography } from '@mantine/core';

/** HTML the server has already sanitised (sanitize-html) when it was saved and again when it was served. */
export function SanitisedHtml({ html, inline }: { html: string; inline?: boolean }) {
  return inline ? <span dangerouslySetInnerHTML={{ __html: html }} /> : <Typography fz="sm"><div dangerouslySetInnerHTML={{ __html: html }} /></Typography>;
}
