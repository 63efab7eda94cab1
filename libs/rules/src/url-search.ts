/**
 * Readable search parameters for the web app's URLs (issue 26: filter links carried JSON, `isAutoUpdate=%220%22`).
 * Plain text and whole numbers go into the URL as they are (`?isAutoUpdate=0&isStatus=2`); only arrays and objects,
 * and text that would otherwise read back as something else, are written as JSON. Used by the router
 * (parseSearchWith / stringifySearchWith of TanStack Router); old links with JSON-quoted values still read back.
 */
const WHOLE_NUMBER = /^-?(0|[1-9]\d{0,14})$/;
const JSON_START = /^["[{]/;

/** How a URL value reads back: JSON for quoted text, arrays and objects; a whole number as a number; else it throws (the value stays text). */
export function parseSearchValue(value: string): unknown {
  if (JSON_START.test(value)) return JSON.parse(value);
  if (WHOLE_NUMBER.test(value)) return Number(value);
  throw new Error('plain text');
}

/** How a value is written: called for arrays and objects, and for text that parseSearchValue would read as something else. */
export function stringifySearchValue(value: unknown): string {
  if (typeof value === 'string' && WHOLE_NUMBER.test(value)) return value; // reads back as the number, which every validator takes
  return JSON.stringify(value);
}
