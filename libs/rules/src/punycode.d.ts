/** The `punycode` npm package (imported as 'punycode/' so that Node's deprecated built-in is never picked). */
declare module 'punycode/' {
  export function toASCII(domain: string): string;
  export function toUnicode(domain: string): string;
  export function encode(input: string): string;
  export function decode(input: string): string;
  const punycode: { toASCII: typeof toASCII; toUnicode: typeof toUnicode; encode: typeof encode; decode: typeof decode };
  export default punycode;
}
