import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EmptyBlock, IdnMarker, PageContainer, nextSort } from '@registrar/ui';
import { CategorySelect } from './category-select';
import { pageTitle } from './catalog-states';
import { PriceTable, type PriceSortKey } from './price-table';
import { tldQueries } from './queries';

const route = getRouteApi('/domain/price');
export const PRICE_TITLE = 'TLD料金一覧';
export const PRICE_LEAD = '取り扱いTLDの新規登録・更新・移管の料金一覧です。表示価格はすべて税込です。2年目以降の登録料金は更新料金と同額です。';

function Legend() {
  return (
    <Group gap="md" wrap="wrap">
      <Text size="xs" c="dimmed">
        <Text component="span" c="red.7" fw={700}>
          赤字
        </Text>
        ：キャンペーン価格（通常価格はカーソルを合わせると表示）
      </Text>
      <Text size="xs" c="dimmed">
        <Text component="span" c="blue.7" fw={700}>
          青字
        </Text>
        ：特別価格
      </Text>
      <Group gap={4} wrap="nowrap">
        <IdnMarker />
        <Text size="xs" c="dimmed">
          ：日本語ドメインの価格
        </Text>
      </Group>
    </Group>
  );
}

export function PricePage(): React.JSX.Element {
  useDocumentTitle(pageTitle(PRICE_TITLE));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: rows } = useSuspenseQuery(tldQueries.prices(search.categoryId ?? null));
  const { data: categories } = useSuspenseQuery(tldQueries.categories());

  const onSort = (key: PriceSortKey) => {
    const next = nextSort({ key: search.sort ?? null, dir: search.order ?? null }, key);
    void navigate({ search: (prev) => ({ ...prev, sort: next.key ?? undefined, order: next.dir ?? undefined }), replace: true });
  };

  return (
    <PageContainer title={PRICE_TITLE} lead={PRICE_LEAD}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <CategorySelect categories={categories} value={search.categoryId} onChange={(categoryId) => void navigate({ search: (prev) => ({ ...prev, categoryId }) })} />
            <Text size="sm" c="dimmed" data-testid="tld-count">
              {rows.length}件のTLD
            </Text>
          </Group>
          <Legend />
          <Group gap="lg" wrap="wrap">
            <Anchor component={Link} to="/domain/deadline" size="sm">
              更新期限・復旧費用の一覧
            </Anchor>
            <Anchor href="/knowledge/free-transfer/" size="sm">
              .jpドメインの無料移管について
            </Anchor>
            <Anchor href="/knowledge/price/" size="sm">
              料金・お支払いについて
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      {rows.length === 0 ? (
        <EmptyBlock title="該当するTLDはありません" description="カテゴリーを変更してお試しください。" />
      ) : (
        <PriceTable rows={rows} sort={search.sort} order={search.order} onSort={onSort} />
      )}
    </PageContainer>
  );
}
