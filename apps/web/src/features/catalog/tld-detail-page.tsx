import { Accordion, Anchor, Badge, Box, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { TldDetailDto } from '@registrar/contracts';
import { IdnMarker, PageContainer, PriceCell } from '@registrar/ui';
import { DomainSearchForm } from '../search-form/domain-search-form';
import { pageTitle } from './catalog-states';
import { tldQueries } from './queries';
import { TldTiles } from './tld-tiles';

const route = getRouteApi('/domain/tld/$tldName');

function yesNo(v: boolean, yes = '可', no = '不可') {
  return v ? yes : no;
}

function days(n: number) {
  return n > 0 ? `${n}日` : '-';
}

function PriceBlock({ detail }: { detail: TldDetailDto }) {
  const p = detail.price;
  const items = [
    { label: '新規登録（1年目）', node: <PriceCell value={p.register} campaign={p.is_register_campaign} special={p.is_register_special} normal={p.register_normal} size="xl" /> },
    { label: '更新（1年あたり）', node: <PriceCell value={p.renew} campaign={p.is_renew_campaign} special={p.is_renew_special} size="xl" /> },
    {
      label: '移管',
      node: p.can_transfer && p.transfer === 0 ? (
        <Text fw={700} c="teal.7" fz="xl">
          無料
        </Text>
      ) : p.can_transfer ? (
        <PriceCell value={p.transfer} campaign={p.is_transfer_campaign} special={p.is_transfer_special} size="xl" />
      ) : (
        <Text c="dimmed">移管不可</Text>
      ),
    },
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="tld-price-block">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz={18}>
          .{detail.tld.tld_name} の料金（税込）
        </Title>
        {p.is_idn_price ? <IdnMarker /> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
        {items.map((i) => (
          <Box key={i.label} p="sm" bg="#f5f8fd" style={{ borderRadius: 10 }}>
            <Text size="xs" c="dimmed" mb={4}>
              {i.label}
            </Text>
            {i.node}
          </Box>
        ))}
      </SimpleGrid>
      {detail.idn_price ? <IdnPriceRow p={detail.idn_price} tld={detail.tld.tld_name} /> : null}
      <Text size="xs" c="dimmed" mt="sm">
        2年目以降の登録料金は更新料金と同額です。{detail.tld.minimum_years > 1 || detail.tld.registration_unit > 1 ? `登録は${detail.tld.minimum_years}年から${detail.tld.registration_unit}年単位です。` : ''}
      </Text>
    </Paper>
  );
}

/** The separate price of Japanese-language names (日本語.jp), under the ASCII one (002 §3 Price object: optional IDN price). */
function IdnPriceRow({ p, tld }: { p: NonNullable<TldDetailDto['idn_price']>; tld: string }) {
  const cells = [
    { label: '新規登録（1年目）', node: <PriceCell value={p.register} campaign={p.is_register_campaign} special={p.is_register_special} normal={p.register_normal} /> },
    { label: '更新（1年あたり）', node: <PriceCell value={p.renew} campaign={p.is_renew_campaign} special={p.is_renew_special} /> },
    { label: '移管', node: p.can_transfer && p.transfer === 0 ? <Text fw={700} c="teal.7" size="sm">無料</Text> : p.can_transfer ? <PriceCell value={p.transfer} campaign={p.is_transfer_campaign} special={p.is_transfer_special} /> : <Text c="dimmed" size="sm">移管不可</Text> },
  ];
  return (
    <Box mt="md" data-testid="tld-idn-price">
      <Group gap={6} mb={6} wrap="nowrap">
        <IdnMarker />
        <Text size="sm" fw={700}>日本語.{tld} の料金（税込）</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
        {cells.map((c) => (
          <Group key={c.label} justify="space-between" px="sm" py={6} wrap="nowrap" style={{ border: '1px solid #e3e8f0', borderRadius: 10 }}>
            <Text size="xs" c="dimmed">{c.label}</Text>
            {c.node}
          </Group>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function DetailsTable({ detail }: { detail: TldDetailDto }) {
  const t = detail.tld;
  const rows: [string, React.ReactNode][] = [
    ['TLD', `.${t.tld_name}${t.tld_name_punycode && t.tld_name_punycode !== t.tld_name ? `（${t.tld_name_punycode}）` : ''}`],
    ['意味', t.meaning],
    ['種別', t.is_cctld ? 'ccTLD（国別コードトップレベルドメイン）' : 'gTLD（分野別トップレベルドメイン）'],
    ['日本語ドメイン', yesNo(t.is_idn)],
    ['WHOIS代理公開', yesNo(t.can_proxy, '対応（無料）', '非対応')],
    ['ドメインロック', yesNo(t.can_lock, '対応', '非対応')],
    ['他社からの移管', yesNo(t.can_transfer, '受付可', '受付不可')],
    ['最低登録年数', `${t.minimum_years}年`],
    ['登録単位', `${t.registration_unit}年`],
    ['更新期限', t.renewal_deadline || '-'],
    ['更新猶予期間', days(t.grace_period)],
    ['復旧猶予期間', days(t.restore_period)],
    ['登録要件', t.requirements || 'なし（どなたでも登録できます）'],
  ];
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing={10} horizontalSpacing="md" data-testid="tld-details" layout="fixed">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w={{ base: 124, sm: 180 }} bg="#f5f8fd" fz="sm" style={{ verticalAlign: 'top' }}>
                {k}
              </Table.Th>
              <Table.Td fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {v}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} fz={{ base: 18, sm: 20 }} pl={10} style={{ borderLeft: '4px solid #1c64d8' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function TldDetailPage(): React.JSX.Element {
  const { tldName } = route.useParams();
  const { data: detail } = useSuspenseQuery(tldQueries.detail(tldName));
  const t = detail.tld;
  useDocumentTitle(pageTitle(`.${t.tld_name}ドメインの取得・料金（${t.meaning}）`));

  return (
    <PageContainer size={980}>
      <Stack gap={6}>
        <Group gap={8}>
          <Badge variant="light" radius="sm">
            {t.is_cctld ? 'ccTLD' : 'gTLD'}
          </Badge>
          {detail.categories.map((c) => (
            <Badge key={c.id} variant="outline" color="gray" radius="sm">
              {c.name}
            </Badge>
          ))}
        </Group>
        <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.3} data-testid="tld-title" style={{ overflowWrap: 'anywhere' }}>
          .{t.tld_name} ドメイン
          <Text component="span" inherit c="dimmed" fz={{ base: 16, sm: 20 }} fw={500} ml={10}>
            {t.meaning}
          </Text>
        </Title>
      </Stack>

      <DomainSearchForm tld={t.tld_name} compact />
      <PriceBlock detail={detail} />

      <Section title={`.${t.tld_name} とは`}>
        <Text size="sm" lh={1.9} style={{ whiteSpace: 'pre-line' }} data-testid="tld-description">
          {t.description}
        </Text>
      </Section>

      <Section title="詳細・登録要件">
        <DetailsTable detail={detail} />
      </Section>

      {detail.points.length > 0 ? (
        <Section title={`.${t.tld_name} のポイント`}>
          <List spacing={6} size="sm" icon={<Text c="blue.7" fw={800}>✓</Text>}>
            {detail.points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}

      {detail.faq.length > 0 ? (
        <Section title="よくある質問">
          <Accordion variant="separated" radius="md">
            {detail.faq.map((f, i) => (
              <Accordion.Item key={i} value={String(i)}>
                <Accordion.Control>
                  <Text size="sm" fw={600}>
                    Q. {f.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" lh={1.8} style={{ whiteSpace: 'pre-line' }}>
                    {f.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      ) : null}

      {detail.recommended.length > 0 ? (
        <Section title="おすすめのドメイン">
          <TldTiles rows={detail.recommended} cols={{ base: 2, sm: 3, md: 4 }} />
        </Section>
      ) : null}

      <Group justify="center" py="md">
        <Button component={Link} to="/domain/price" variant="light" size="md" radius="xl">
          すべてのTLD料金一覧を見る
        </Button>
      </Group>
      <Anchor component={Link} to="/domain/deadline" size="sm" ta="center">
        更新期限・復旧費用の一覧
      </Anchor>
    </PageContainer>
  );
}
