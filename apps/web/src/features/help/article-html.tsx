import { Typography } from '@mantine/core';
import classes from './help.module.css';

/** HTML the server rendered from Markdown and sanitised (sanitize-html); shown as it is. */
export function ArticleHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography className={classes.article}>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
