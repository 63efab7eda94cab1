/** The part of the qrcode package the gateway uses (the package ships no types). */
declare module 'qrcode' {
  export function toDataURL(text: string, options?: { margin?: number; width?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
  const qrcode: { toDataURL: typeof toDataURL };
  export default qrcode;
}
