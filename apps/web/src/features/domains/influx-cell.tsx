import { Box, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DomainRowDto } from '@registrar/contracts';

const InfluxSparkline = lazy(() => import('./influx-sparkline'));

/** Estimated search inflow: this month's figure and the 12-month mini chart (001 §2, §9: 12 points, zero-padded). */
export function InfluxCell({ d }: { d: DomainRowDto }) {
  const data = d.influx_histories.map((h) => h.influx);
  const summary = d.influx_histories.map((h) => `${h.date}: ${h.influx.toLocaleString('ja-JP')}`).join(' / ');
  // a chart is drawn once its row scrolls into view (50 charts at once would hold up the page on a slow device)
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => { if (inViewport) setSeen(true); }, [inViewport]);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" data-testid="influx" miw={40}>{d.influx.toLocaleString('ja-JP')}</Text>
      <Tooltip label={<Text size="xs" maw={260}>{summary}</Text>} multiline withinPortal>
        <Box data-testid="influx-chart" ref={ref} w={84} h={24}>
          {seen ? (
            <Suspense fallback={<Skeleton w={84} h={24} />}>
              <InfluxSparkline data={data} label={`推定流入数の推移（12か月）: ${summary}`} />
            </Suspense>
          ) : null}
        </Box>
      </Tooltip>
    </Group>
  );
}
