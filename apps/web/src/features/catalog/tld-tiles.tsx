import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TldPriceDto } from '@registrar/contracts';
import { IdnMarker, PriceCell } from '@registrar/ui';
import classes from './catalog.module.css';

/** A price tile: the TLD, its first-year price (campaign red / special blue) and renewal; links to its detail page. */
export function TldTile({ row }: { row: TldPriceDto }) {
  return (
    <Link to="/domain/tld/$tldName" params={{ tldName: row.tld_name }} data-testid="tld-tile" data-tld={row.tld_name} className={classes.tile}>
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <Text fw={800} fz={{ base: 18, sm: 20 }} c="#14213d" truncate>
            .{row.tld_name}
          </Text>
          {row.is_idn_price ? <IdnMarker /> : null}
        </Group>
        <div>
          <Text size="xs" c="dimmed">
            新規登録（1年目）
          </Text>
          <PriceCell value={row.register} campaign={row.is_register_campaign} special={row.is_register_special} normal={row.register_normal} size="lg" />
        </div>
        <Text size="xs" c="dimmed">
          更新 <PriceCell value={row.renew} campaign={row.is_renew_campaign} special={row.is_renew_special} size="xs" />
        </Text>
      </Stack>
    </Card>
    </Link>
  );
}

export function TldTiles({ rows, cols = { base: 2, xs: 2, sm: 3, md: 4, lg: 5 } }: { rows: TldPriceDto[]; cols?: Record<string, number> }) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: 8, sm: 'md' }}>
      {rows.map((r) => (
        <TldTile key={`${r.tld_id}-${r.is_idn_price ? 'idn' : 'ascii'}`} row={r} />
      ))}
    </SimpleGrid>
  );
}

