import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/**
 * The campaign price's tooltip (the normal price), loaded by `PriceCell` when a visitor first points at, focuses or
 * touches a campaign price: Mantine's Tooltip brings floating-ui's positioning (~19 KB compressed), which a public
 * page's first load does without. Its open state is the cell's own.
 */
export default function PriceTooltip({ label, opened, children }: { label: string; opened: boolean; children: ReactElement }) {
  return (
    <Tooltip label={label} withArrow opened={opened}>
      {children}
    </Tooltip>
  );
}
