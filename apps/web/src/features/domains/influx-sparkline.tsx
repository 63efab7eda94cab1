import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';

/** The 12-month mini chart of the estimated inflow (@mantine/charts on recharts; loaded with the list, lazily). */
export default function InfluxSparkline({ data, label }: { data: number[]; label: string }) {
  return <Sparkline w={84} h={24} data={data} curveType="linear" color="blue" fillOpacity={0.25} strokeWidth={1.5} aria-label={label} role="img" />;
}
