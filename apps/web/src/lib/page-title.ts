import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT } from '@registrar/messages';

/** A page's document title: "{page} | ラッコドメイン" (every page has its own; the browser tests check it). */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT.serviceName}`;
}

/** Sets the document title of the page being shown. */
export function usePageTitle(title: string): void {
  useDocumentTitle(pageTitle(title));
}
