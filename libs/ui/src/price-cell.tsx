import { Text, Tooltip } from '@mantine/core';
import { formatYen } from '@registrar/rules';

export interface PriceCellProps {
  value: number | null | undefined;
  /** a campaign price: red, with the normal price in a tooltip */
  campaign?: boolean;
  /** a special price: blue */
  special?: boolean;
  /** the normal price shown in the campaign tooltip */
  normal?: number | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** A price as the public tables show it (002 spec §2): campaign red with the normal price in a tooltip, special blue. */
export function PriceCell({ value, campaign = false, special = false, normal, size = 'sm' }: PriceCellProps) {
  if (value === null || value === undefined) {
    return (
      <Text component="span" size={size} c="dimmed" aria-label="取り扱いなし">
        -
      </Text>
    );
  }
  if (campaign) {
    const text = (
      <Text component="span" size={size} fw={700} c="red.7" data-price="campaign" tabIndex={0} style={{ cursor: 'help', whiteSpace: 'nowrap' }}>
        {formatYen(value)}
      </Text>
    );
    if (normal === null || normal === undefined || normal === value) return text;
    return (
      <Tooltip label={`通常価格 ${formatYen(normal)}`} withArrow events={{ hover: true, focus: true, touch: true }}>
        {text}
      </Tooltip>
    );
  }
  return (
    <Text component="span" size={size} fw={special ? 700 : 500} c={special ? 'blue.7' : undefined} data-price={special ? 'special' : 'normal'} style={{ whiteSpace: 'nowrap' }}>
      {formatYen(value)}
    </Text>
  );
}
