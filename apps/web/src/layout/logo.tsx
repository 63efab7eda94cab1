import { Link } from '@tanstack/react-router';
import { PRODUCT } from '@registrar/messages';

/** The product mark and name; links to the top page. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" aria-label={`${PRODUCT.serviceName} トップページ`} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, textDecoration: 'none', flexShrink: 0 }}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#1c64d8'} />
        <circle cx="16" cy="17" r="8.5" fill="none" stroke={inverted ? '#1c64d8' : '#ffffff'} strokeWidth="2.4" />
        <path d="M7.5 17h17M16 8.5c2.6 2.4 3.8 5.2 3.8 8.5s-1.2 6.1-3.8 8.5c-2.6-2.4-3.8-5.2-3.8-8.5s1.2-6.1 3.8-8.5z" fill="none" stroke={inverted ? '#1c64d8' : '#ffffff'} strokeWidth="2" />
      </svg>
      <span style={{ fontWeight: 800, fontSize: 19, letterSpacing: '0.02em', color: inverted ? '#fff' : '#14213d', whiteSpace: 'nowrap' }}>{PRODUCT.serviceName}</span>
    </Link>
  );
}
