import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EmptyBlock, PageContainer, nextSort } from '@registrar/ui';
import { CategorySelect } from './category-select';
import { pageTitle } from './catalog-states';
import { DeadlineTable, type DeadlineSortKey } from './deadline-table';
import { tldQueries } from './queries';

const route = getRouteApi('/domain/deadline');
export const DEADLINE_TITLE = '更新期限・復旧期限一覧';

export function DeadlinePage(): React.JSX.Element {
  useDocumentTitle(pageTitle(DEADLINE_TITLE));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: rows } = useSuspenseQuery(tldQueries.deadlines(search.categoryId ?? null));
  const { data: categories } = useSuspenseQuery(tldQueries.categories());

  const onSort = (key: DeadlineSortKey) => {
    const next = nextSort({ key: search.sort ?? null, dir: search.order ?? null }, key);
    void navigate({ search: (prev) => ({ ...prev, sort: next.key ?? undefined, order: next.dir ?? undefined }), replace: true });
  };

  return (
    <PageContainer
      title={DEADLINE_TITLE}
      lead="TLDごとの更新期限、期限切れ後に更新できる猶予期間（更新猶予期間）、その後に復旧できる期間（復旧猶予期間）と復旧費用です。復旧費用には更新料金が含まれます（税込）。"
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <CategorySelect categories={categories} value={search.categoryId} onChange={(categoryId) => void navigate({ search: (prev) => ({ ...prev, categoryId }) })} />
            <Text size="sm" c="dimmed" data-testid="tld-count">
              {rows.length}件のTLD
            </Text>
          </Group>
          <Anchor component={Link} to="/domain/price" size="sm">
            TLD料金一覧を見る
          </Anchor>
        </Stack>
      </Paper>
      {rows.length === 0 ? (
        <EmptyBlock title="該当するTLDはありません" description="カテゴリーを変更してお試しください。" />
      ) : (
        <DeadlineTable rows={rows} sort={search.sort} order={search.order} onSort={onSort} />
      )}
    </PageContainer>
  );
}
