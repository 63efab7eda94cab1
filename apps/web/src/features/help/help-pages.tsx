import { Accordion, Anchor, Badge, Box, Breadcrumbs, Button, Card, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { fmt, M } from '@registrar/messages';
import { EmptyBlock, ErrorBlock, PageContainer } from '@registrar/ui';
import { usePageTitle } from '../../lib/page-title';
import { SearchIcon } from '../../layout/icons';
import { ArticleHtml } from './article-html';
import { articlePath, helpQueries, type HelpArticleSummary, type HelpCategory } from './help.api';
import { LegalLinks } from './legal-page';
import classes from './help.module.css';

const categoryPath = (slug: string) => `/knowledge/category/${slug}/`;

/** The help search: a GET form to /knowledge/?s= (the header's box sends the same). */
export function HelpSearchForm({ value = '', size = 'md' }: { value?: string; size?: 'sm' | 'md' }) {
  return (
    <form action="/knowledge/" method="get" role="search" aria-label="ヘルプ記事を検索">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          name="s"
          defaultValue={value}
          size={size}
          style={{ flex: 1 }}
          placeholder="例: 移管、DNS、更新"
          aria-label="キーワード"
          leftSection={<SearchIcon />}
          maxLength={100}
          data-testid="help-search-input"
        />
        <Button type="submit" size={size}>検索</Button>
      </Group>
    </form>
  );
}

function ArticleList({ articles }: { articles: HelpArticleSummary[] }) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {articles.map((a) => (
        <li key={a.id}>
          <Anchor href={articlePath(a.slug)} size="sm">{a.title}</Anchor>
        </li>
      ))}
    </Stack>
  );
}

/** /knowledge/: the search box, the categories with their articles, the FAQ and the legal pages; /knowledge/?s=… the results. */
export function KnowledgeIndexPage({ s }: { s?: string }) {
  usePageTitle(s ? `「${s}」の検索結果 - ヘルプセンター` : 'ヘルプセンター');
  return (
    <PageContainer title="ヘルプセンター" lead="ラッコドメインの使い方を、画面の手順に沿ってご案内します。">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="gray.0">
        <HelpSearchForm value={s} />
        <Group gap={6} mt="xs" wrap="wrap">
          <Text size="xs" c="dimmed">よく検索されるキーワード:</Text>
          {['移管', 'DNS', '更新', 'WHOIS', 'AUTHCODE', '領収書'].map((k) => (
            <Anchor key={k} href={`/knowledge/?s=${encodeURIComponent(k)}`} size="xs">{k}</Anchor>
          ))}
        </Group>
      </Paper>
      {s ? <SearchResults s={s} /> : <Categories />}
      <LegalLinks />
    </PageContainer>
  );
}

function SearchResults({ s }: { s: string }) {
  const q = useQuery(helpQueries.search(s));
  if (q.isPending) return <Stack gap="sm" aria-busy>{[1, 2, 3].map((i) => <Skeleton key={i} h={60} />)}</Stack>;
  if (q.isError) return <ErrorBlock onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="sm" data-testid="help-search-results">
      <Title order={2} fz={18}>「{s}」の検索結果（{q.data.length}件）</Title>
      {q.data.length === 0 ? (
        <EmptyBlock title="記事が見つかりませんでした" description={fmt(M.helpSearchEmpty, { q: s })} action={<Anchor href="/knowledge/">ヘルプセンターのトップへ</Anchor>} />
      ) : (
        q.data.map((a) => (
          <Paper key={a.id} withBorder radius="md" p="md" data-testid="help-search-hit">
            <Anchor href={articlePath(a.slug)} fw={700}>{a.title}</Anchor>
            <Text size="sm" c="dimmed" mt={4}>{a.snippet}</Text>
          </Paper>
        ))
      )}
    </Stack>
  );
}

function Categories() {
  const cats = useQuery(helpQueries.categories());
  const arts = useQuery(helpQueries.articles());
  if (cats.isPending || arts.isPending) return <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>{[1, 2, 3, 4, 5, 6].map((i) => <Skeleton key={i} h={180} />)}</SimpleGrid>;
  if (cats.isError || arts.isError) return <ErrorBlock onRetry={() => { void cats.refetch(); void arts.refetch(); }} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="help-categories">
      {cats.data.map((c) => {
        const list = arts.data.filter((a) => a.category_slug === c.slug);
        return (
          <Card key={c.slug} withBorder radius="md" p="lg" className={classes.categoryCard}>
            <Title order={2} fz={17} mb={4}>
              <Anchor href={c.slug === 'faq' ? '/qanda' : categoryPath(c.slug)} c="dark" fw={700}>{c.name}</Anchor>
            </Title>
            <Text size="xs" c="dimmed" mb="sm">{c.description}</Text>
            <ArticleList articles={list.slice(0, 5)} />
            {list.length > 5 ? <Anchor href={c.slug === 'faq' ? '/qanda' : categoryPath(c.slug)} size="sm" mt="sm" fw={600}>すべて見る（{list.length}件）</Anchor> : null}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** /knowledge/category/<slug>/: every article of one category with its summary. */
export function CategoryPage({ slug }: { slug: string }) {
  const cats = useSuspenseQuery(helpQueries.categories());
  const arts = useSuspenseQuery(helpQueries.articles(slug));
  const cat = cats.data.find((c) => c.slug === slug)!;
  usePageTitle(`${cat.name} - ヘルプセンター`);
  return (
    <PageContainer size={960}>
      <HelpBreadcrumbs items={[{ label: cat.name }]} />
      <Box>
        <Title order={1} fz={{ base: 22, sm: 28 }}>{cat.name}</Title>
        <Text c="dimmed" size="sm" mt={6}>{cat.description}</Text>
      </Box>
      <HelpSearchForm size="sm" />
      <Stack gap="sm">
        {arts.data.map((a) => (
          <Paper key={a.id} withBorder radius="md" p="md">
            <Anchor href={articlePath(a.slug)} fw={700}>{a.title}</Anchor>
            <Text size="sm" c="dimmed" mt={4}>{a.summary}</Text>
          </Paper>
        ))}
      </Stack>
      <OtherCategories categories={cats.data} current={slug} />
    </PageContainer>
  );
}

function OtherCategories({ categories, current }: { categories: HelpCategory[]; current?: string }) {
  return (
    <Box component="nav" aria-label="ヘルプのカテゴリー">
      <Text fw={700} size="sm" mb={6}>カテゴリー</Text>
      <Group gap={6} wrap="wrap">
        {categories.map((c) => (
          <Badge key={c.slug} component="a" href={c.slug === 'faq' ? '/qanda' : categoryPath(c.slug)} variant={c.slug === current ? 'filled' : 'light'} size="lg" radius="sm" style={{ cursor: 'pointer', textTransform: 'none' }}>
            {c.name}
          </Badge>
        ))}
      </Group>
    </Box>
  );
}

function HelpBreadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <Breadcrumbs separator="›" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }} aria-label="パンくずリスト">
      <Anchor href="/knowledge/" size="sm">ヘルプセンター</Anchor>
      {items.map((i) => (i.href ? <Anchor key={i.label} href={i.href} size="sm">{i.label}</Anchor> : <Text key={i.label} size="sm" c="dimmed">{i.label}</Text>))}
    </Breadcrumbs>
  );
}

/** /knowledge/<slug>/ or /knowledge/<number>/: one article, its category's other articles beside it. */
export function ArticlePage({ articleKey }: { articleKey: string }) {
  const { data } = useSuspenseQuery(helpQueries.article(articleKey));
  const cats = useQuery(helpQueries.categories());
  const { article, category, related } = data;
  usePageTitle(`${article.title} - ヘルプセンター`);
  const updated = new Date(article.updated_at).toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <PageContainer size={1100}>
      <HelpBreadcrumbs items={category ? [{ label: category.name, href: category.slug === 'faq' ? '/qanda' : categoryPath(category.slug) }, { label: article.title }] : [{ label: article.title }]} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" component="article" data-testid="help-article">
            <Box>
              <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.4}>{article.title}</Title>
              <Text size="xs" c="dimmed" mt={6}>最終更新日: {updated}</Text>
            </Box>
            {article.summary ? <Text c="dimmed">{article.summary}</Text> : null}
            <ArticleHtml html={article.body_html} testId="help-article-body" />
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text size="sm" fw={700}>解決しないときは</Text>
              <Text size="sm" mt={4}>
                <Anchor href="/qanda">よくある質問</Anchor>もご覧ください。お問い合わせ先は<Anchor href="/company">運営会社</Anchor>のページに記載しています。
              </Text>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <HelpSearchForm size="sm" />
            {related.length ? (
              <Box component="nav" aria-label="同じカテゴリーの記事">
                <Text fw={700} size="sm" mb={8}>{category ? `${category.name}の記事` : '関連する記事'}</Text>
                <ArticleList articles={related} />
              </Box>
            ) : null}
            {cats.data ? <OtherCategories categories={cats.data} current={category?.slug} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageContainer>
  );
}

/** /qanda: the FAQ, each answer in place with a link to the article that explains it in full. */
export function QandaPage() {
  usePageTitle('よくある質問');
  const faq = useQuery(helpQueries.faq());
  return (
    <PageContainer size={860} title="よくある質問" lead="お問い合わせの多いご質問と回答です。見つからないときはキーワードで検索してください。">
      <HelpSearchForm size="sm" />
      {faq.isPending ? (
        <Stack gap="sm" aria-busy>{[1, 2, 3, 4].map((i) => <Skeleton key={i} h={48} />)}</Stack>
      ) : faq.isError ? (
        <ErrorBlock onRetry={() => void faq.refetch()} />
      ) : (
        <Accordion variant="separated" radius="md" multiple defaultValue={faq.data.slice(0, 1).map((a) => a.slug)} data-testid="faq-list">
          {faq.data.map((a) => (
            <Accordion.Item key={a.id} value={a.slug}>
              <Accordion.Control>
                <Text fw={600} size="sm"><Text span c="blue.7" fw={800} mr={6}>Q.</Text>{a.title}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ArticleHtml html={a.body_html} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Group>
        <Button component="a" href="/knowledge/" variant="default">ヘルプセンターのトップへ</Button>
      </Group>
      <LegalLinks />
    </PageContainer>
  );
}
