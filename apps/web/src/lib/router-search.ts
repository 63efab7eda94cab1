import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { parseSearchValue, stringifySearchValue } from '@registrar/rules';

/**
 * Readable URLs: filter values as they are (?isAutoUpdate=0), JSON only for arrays and objects (@registrar/rules
 * url-search). The browser's router and the server renderer's read and write search params the same way.
 */
export const searchSerialization = {
  parseSearch: parseSearchWith(parseSearchValue),
  stringifySearch: stringifySearchWith(stringifySearchValue, parseSearchValue),
};
