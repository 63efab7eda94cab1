import { Anchor, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BANNER_INTERVAL_MS, nextBannerIndex } from '@registrar/rules';

/** Five banners; every 60 s a different one, chosen at random (001 spec sidebar, 002 spec §9). */
export const BANNERS = [
  { href: '/domain/price', text: '約430種類のドメインを取り扱い中' },
  { href: '/knowledge/205/', text: 'WHOIS代理公開・DNS・APIがすべて無料' },
  { href: '/domain/price', text: '他社からの移管もかんたん' },
  { href: '/document/api/v1/', text: '無料のAPIで一括管理' },
  { href: '/domain/deadline', text: '更新期限・猶予期間を確認する' },
] as const;


export function RotatingBanner() {
  const [i, setI] = useState(() => Math.floor(Math.random() * BANNERS.length));
  useEffect(() => {
    const t = setInterval(() => setI((c) => nextBannerIndex(c, BANNERS.length)), BANNER_INTERVAL_MS);
    return () => clearInterval(t);
  }, []);
  const b = BANNERS[i]!;
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0" data-testid="mypage-banner" data-banner={i}>
      <Anchor href={b.href} size="sm"><Text span fw={700}>{b.text}</Text></Anchor>
    </Paper>
  );
}
