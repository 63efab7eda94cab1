import { Alert, Badge, Box, Button, Code, Group, List, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { EPP_STATUS_LABELS, M } from '@registrar/messages';
import { formatDateJst, type RdapDomainSummary, validateWhoisQuery } from '@registrar/rules';
import { PageContainer } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import type { WhoisLookupData } from '@registrar/contracts';
import { errorsOf, searchWhois } from './api';

export const WHOIS_TITLE = 'WHOIS検索';

/**
 * The public WHOIS lookup (002 §3): one domain input, a search button disabled while empty, the answer shown.
 * `?domain=` (the search results' WHOIS link of a taken name) fills the input and looks it up once.
 */
export function WhoisLookupPage({ initial }: { initial?: string } = {}): React.JSX.Element {
  usePageTitle(WHOIS_TITLE);
  const [domain, setDomain] = useState(initial ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  const lookup = useMutation({ mutationFn: (d: string) => searchWhois(d) });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !initial || !validateWhoisQuery(initial).ok) return;
    asked.current = true;
    lookup.mutate(initial);
  }, [initial, lookup]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = validateWhoisQuery(domain);
    if (!v.ok) {
      setInputError(v.error);
      return;
    }
    setInputError(null);
    lookup.mutate(domain);
  };

  const errors = lookup.isError ? errorsOf(lookup.error instanceof ApiError ? lookup.error.body : null, M.unexpectedError) : [];
  const data = lookup.data?.result.result ? lookup.data.result.data : null;

  return (
    <PageContainer size={960} title={WHOIS_TITLE} lead="ドメイン名の登録情報（WHOIS）を調べます。当社が管理するドメインはWHOIS代行（プライバシー保護）の設定どおりに表示します。">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              aria-label="ドメイン名"
              placeholder="example.com"
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
              error={inputError}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="url"
            />
            <Button type="submit" disabled={!domain.trim()} loading={lookup.isPending}>
              検索
            </Button>
          </Group>
        </form>
      </Paper>
      <Box aria-live="polite">
        {lookup.isPending ? (
          <Paper withBorder radius="md" p="md" data-state="loading">
            <Stack gap="xs">
              <Skeleton h={20} w="50%" />
              {Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h={14} />)}
            </Stack>
          </Paper>
        ) : errors.length ? (
          <Alert color="red" variant="light" role="alert" title="検索できませんでした">
            {errors.map((m) => <div key={m}>{m}</div>)}
          </Alert>
        ) : data ? (
          <WhoisAnswer data={data} />
        ) : null}
      </Box>
    </PageContainer>
  );
}

function WhoisAnswer({ data }: { data: WhoisLookupData }): React.JSX.Element {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="whois-result">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz={{ base: 17, sm: 20 }} style={{ overflowWrap: 'anywhere' }}>
            {data.domain}
          </Title>
          {data.registered ? <Badge color="teal" variant="light">登録済み</Badge> : <Badge color="gray" variant="light">未登録</Badge>}
        </Group>
        {data.registered ? (
          <Text size="sm" c="dimmed">
            {data.source === 'registrar' ? `情報の提供元：${data.registrar ?? 'レジストラ'}（レジストラ）` : '情報の提供元：レジストリ'}
          </Text>
        ) : (
          <Text>{M.whoisNotRegistered}</Text>
        )}
        {data.registered && data.summary ? <WhoisSummary s={data.summary} thin={data.source === 'registry'} /> : null}
        {data.registered ? (
          <Title order={3} fz={{ base: 15, sm: 16 }} mt="xs">
            {M.whoisFullText}
          </Title>
        ) : null}
        {data.registered ? (
          <Code block fz={{ base: 11, sm: 13 }} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="whois-text">
            {data.text}
          </Code>
        ) : null}
      </Stack>
    </Paper>
  );
}

const day = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateJst(iso).replaceAll('-', '/') : '-');

/** The facts a person looks for first, read from the RDAP answer shown (registrant, registrar, dates, statuses, name servers). */
function WhoisSummary({ s, thin }: { s: RdapDomainSummary; thin: boolean }): React.JSX.Element {
  const rows: Array<[string, React.ReactNode]> = [
    [M.whoisRegistrant, s.registrant ? (
      <Stack gap={4}>
        <Text size="sm" fw={600}>{s.registrant.name}</Text>
        {s.registrant.organization && s.registrant.organization !== s.registrant.name ? <Text size="sm">{s.registrant.organization}</Text> : null}
        {s.registrant.email ? <Text size="sm" c="dimmed">{s.registrant.email}</Text> : null}
        {s.registrant.privacy ? <Text size="xs" fw={700} c="blue.8" bg="blue.0" px={8} py={2} style={{ alignSelf: 'flex-start', borderRadius: 4 }}>{M.whoisPrivacy}</Text> : null}
      </Stack>
    ) : <Text size="sm" c="dimmed">{thin ? M.whoisThin : '-'}</Text>],
    [M.whoisRegistrar, s.registrar ?? '-'],
    [M.whoisCreated, day(s.createdAt)],
    [M.whoisExpires, day(s.expiresAt)],
    [M.whoisUpdated, day(s.updatedAt)],
    [M.whoisStatus, s.statuses.length ? (
      <List size="sm" spacing={2} listStyleType="none">
        {s.statuses.map((code) => (
          <List.Item key={code}>
            {EPP_STATUS_LABELS[code] ? `${EPP_STATUS_LABELS[code]}（${code}）` : code}
          </List.Item>
        ))}
      </List>
    ) : '-'],
    [M.whoisNameServers, s.nameServers.length ? (
      <List size="sm" spacing={2} listStyleType="none">
        {s.nameServers.map((n) => <List.Item key={n}>{n}</List.Item>)}
      </List>
    ) : '-'],
  ];
  return (
    <Table withTableBorder layout="fixed" verticalSpacing={6} horizontalSpacing="sm" aria-label={M.whoisSummary} data-testid="whois-summary">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={{ base: 96, sm: 160 }} bg="gray.0" fz="sm" style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
