import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at least `minWidth` wide (a CSS length such as '48em'), read at the first render: the app
 * renders only in the browser, so a phone never draws the desktop layout first and swaps it a moment later.
 */
export function useMinWidth(minWidth: string): boolean {
  return useMediaQuery(`(min-width: ${minWidth})`, true, { getInitialValueInEffect: false }) ?? true;
}
