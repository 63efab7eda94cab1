import { Text, type TextProps } from '@mantine/core';
import { formatYen } from '@registrar/rules';

/** A yen amount with thousands separators ("1,408円"); a missing price shows a dash. */
export function Yen({ value, dashForZero = false, ...props }: { value: number | null | undefined; dashForZero?: boolean } & TextProps) {
  const empty = value === null || value === undefined || (dashForZero && value === 0);
  return (
    <Text component="span" inherit {...props}>
      {empty ? '-' : formatYen(value)}
    </Text>
  );
}
