import { Text } from '@mantine/core';
import type { DomainRowDto } from '@registrar/contracts';

/** Estimated search inflow: this month's figure (the 12-month mini chart sits beside it). */
export function InfluxCell({ d }: { d: DomainRowDto }) {
  return <Text size="sm" data-testid="influx">{d.influx.toLocaleString('ja-JP')}</Text>;
}
