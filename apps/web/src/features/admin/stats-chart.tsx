import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { StatsRow } from '@registrar/rules';

/** The contract trend beside the table (@mantine/charts on recharts): contracts as a line, increase and decrease as bars. */
export function StatsChart({ rows }: { rows: StatsRow[] }) {
  const data = rows.map((r) => ({ period: r.interval_date, 契約数: r.total_count, 増加: r.increase, 減少: r.decrease }));
  return (
    <div role="img" aria-label={`契約推移のグラフ（${rows[0]?.interval_date ?? ''}〜${rows.at(-1)?.interval_date ?? ''}）`} data-testid="stats-chart">
      <CompositeChart
        h={300}
        data={data}
        dataKey="period"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        maxBarWidth={18}
        series={[
          { name: '増加', color: 'teal.7', type: 'bar' },
          { name: '減少', color: 'red.7', type: 'bar' },
          { name: '契約数', color: 'blue.7', type: 'line', yAxisId: 'right' },
        ]}
        withRightYAxis
        curveType="linear"
        tickLine="y"
      />
    </div>
  );
}
