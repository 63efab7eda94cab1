/** A telephone number as EPP and WHOIS write it: `+81.312345678` (the leading 0 of a Japanese number dropped). */
export function e164(phone: string | undefined | null, cc = '81'): string | undefined {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return undefined;
  return `+${String(cc || '81').replace(/\D/g, '') || '81'}.${cc === '81' || !cc ? digits.replace(/^0/, '') : digits}`.slice(0, 18);
}
