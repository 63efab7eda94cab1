import { lazy, Suspense, useRef, useState } from 'react';
import { formatYen } from '@registrar/rules';
import classes from './price-cell.module.css';

const PriceTooltip = lazy(() => import('./price-tooltip'));

/**
 * A campaign price with the normal price in a tooltip, shown on hover, focus and touch. The tooltip's code is loaded
 * at the first of these (not with the page); the open state is kept here, so the tooltip opens as soon as it is there.
 */
function CampaignPrice({ value, normal, size }: { value: number; normal: number; size: string }) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const hadFocus = useRef(false);
  const show = () => {
    setWanted(true);
    setOpened(true);
  };
  const hide = () => setOpened(false);
  const text = (
    <span
      className={`mantine-focus-auto ${classes.price}`}
      data-size={size}
      data-price="campaign"
      tabIndex={0}
      onPointerEnter={show}
      onPointerLeave={hide}
      onTouchStart={show}
      onFocus={() => {
        hadFocus.current = true;
        show();
      }}
      onBlur={() => {
        hadFocus.current = false;
        hide();
      }}
      // the tooltip's element replaces this one when its code arrives: it takes the focus over
      ref={(el) => {
        if (el && hadFocus.current && (!document.activeElement || document.activeElement === document.body)) el.focus();
      }}
    >
      {formatYen(value)}
    </span>
  );
  if (!wanted) return text;
  return (
    <Suspense fallback={text}>
      <PriceTooltip label={`通常価格 ${formatYen(normal)}`} opened={opened}>
        {text}
      </PriceTooltip>
    </Suspense>
  );
}

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
    if (normal === null || normal === undefined || normal === value) {
      return (
        <span className={`mantine-focus-auto ${classes.price}`} data-size={size} data-price="campaign" tabIndex={0}>
          {formatYen(value)}
        </span>
      );
    }
    return <CampaignPrice value={value} normal={normal} size={size} />;
  }
  return (
    <span className={classes.price} data-size={size} data-price={special ? 'special' : 'normal'}>
      {formatYen(value)}
    </span>
  );
}
