import { Tooltip } from '@mantine/core';
import { formatYen } from '@registrar/rules';
import classes from './price-cell.module.css';

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

/**
 * A price as the public tables show it (002 spec §2): campaign red with the normal price in a tooltip, special blue.
 * A plain span with a class (no style props): the price list renders it ~1,300 times.
 */
export function PriceCell({ value, campaign = false, special = false, normal, size = 'sm' }: PriceCellProps) {
  if (value === null || value === undefined) {
    return (
      <span className={`${classes.price} ${classes.none}`} data-size={size} aria-label="取り扱いなし">
        -
      </span>
    );
  }
  if (campaign) {
    const text = (
      <span className={`mantine-focus-auto ${classes.price}`} data-size={size} data-price="campaign" tabIndex={0}>
        {formatYen(value)}
      </span>
    );
    if (normal === null || normal === undefined || normal === value) return text;
    return (
      <Tooltip label={`通常価格 ${formatYen(normal)}`} withArrow events={{ hover: true, focus: true, touch: true }}>
        {text}
      </Tooltip>
    );
  }
  return (
    <span className={classes.price} data-size={size} data-price={special ? 'special' : 'normal'}>
      {formatYen(value)}
    </span>
  );
}
