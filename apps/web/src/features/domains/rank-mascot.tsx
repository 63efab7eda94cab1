/**
 * The customer-rank mascot (001 §1 "a customer rank … only selects a mascot picture"): the otter with a bronze, silver
 * or gold medal, or a mortarboard for the scholar (any other rank id). Drawn inline, so it needs no image request.
 */
import { customerRankLabel } from '@registrar/rules';

const MEDAL: Record<number, { fill: string; ribbon: string }> = {
  1: { fill: '#c47a3a', ribbon: '#8a4b1c' },
  2: { fill: '#b8c0c8', ribbon: '#6b7785' },
  3: { fill: '#e8b923', ribbon: '#b3830a' },
};

export function RankMascot({ rank, size = 44 }: { rank: number; size?: number }) {
  const medal = MEDAL[rank];
  const label = `${customerRankLabel(rank)}会員のマスコット`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={label} data-testid="rank-mascot" data-rank={medal ? rank : 0} style={{ flex: 'none' }}>
      <title>{label}</title>
      {/* the otter's head */}
      <circle cx="32" cy="30" r="20" fill="#8b5e3c" />
      <circle cx="15" cy="17" r="5" fill="#8b5e3c" />
      <circle cx="49" cy="17" r="5" fill="#8b5e3c" />
      <ellipse cx="32" cy="36" rx="13" ry="10" fill="#f1dcc4" />
      <circle cx="25" cy="27" r="2.6" fill="#2b1d14" />
      <circle cx="39" cy="27" r="2.6" fill="#2b1d14" />
      <ellipse cx="32" cy="33" rx="3.4" ry="2.4" fill="#2b1d14" />
      <path d="M28 38 q4 3 8 0" stroke="#2b1d14" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      {medal ? (
        <g>
          <path d="M27 48 l-3 10 l8 -4 l8 4 l-3 -10 z" fill={medal.ribbon} />
          <circle cx="32" cy="52" r="7" fill={medal.fill} stroke={medal.ribbon} strokeWidth="1.5" />
          <text x="32" y="55" textAnchor="middle" fontSize="8" fontWeight="700" fill="#fff">{rank}</text>
        </g>
      ) : (
        <g>
          {/* the scholar's mortarboard */}
          <path d="M12 12 l20 -8 l20 8 l-20 8 z" fill="#2b3a55" />
          <rect x="24" y="13" width="16" height="6" fill="#2b3a55" />
          <path d="M50 12 v9" stroke="#e8b923" strokeWidth="1.5" />
          <circle cx="50" cy="22" r="1.8" fill="#e8b923" />
        </g>
      )}
    </svg>
  );
}
