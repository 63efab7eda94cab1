import { Alert, Anchor, Badge, Box, Button, Group, List, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fmt, M } from '@registrar/messages';
import { validateConnectionCheckInput } from '@registrar/rules';
import { PageContainer } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import type { ConnectionCheckResponse, ConnectionCheckResult } from '@registrar/contracts';
import { errorsOf, runConnectionCheck } from './api';

export const CONNECTION_CHECK_TITLE = 'Webサイト接続チェック';

const CHECK_TITLES = [M.checkHttpStatus, M.checkRegistration, M.checkDnsResponse, M.checkNameServers, M.checkARecord, M.checkSslCertificate];

/**
 * The website connection check (002 §3): one input (domain or URL) and a search button; the result area is hidden,
 * then loading, then the overall result, a summary linking to each failing check, and one section per check.
 */
export function ConnectionCheckPage(): React.JSX.Element {
  usePageTitle(CONNECTION_CHECK_TITLE);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (v: string) => runConnectionCheck(v) });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = validateConnectionCheckInput(input);
    if (!v.ok) {
      setInputError(v.error);
      return;
    }
    setInputError(null);
    check.mutate(input);
  };

  const errors = check.isError ? errorsOf(check.error instanceof ApiError ? check.error.body : null, M.unexpectedError) : [];

  return (
    <PageContainer size={960} title={CONNECTION_CHECK_TITLE} lead="ドメイン名またはURLを入力すると、Webサイトに接続できるかを6つの項目で確認します。">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              aria-label="ドメインまたはURL"
              placeholder="example.com または https://example.com/"
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              error={inputError}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="url"
            />
            <Button type="submit" loading={check.isPending}>
              チェック
            </Button>
          </Group>
        </form>
      </Paper>
      <Box aria-live="polite">
        {check.isPending ? (
          <Stack gap="sm" data-state="loading">
            <Skeleton h={64} radius="md" />
            {CHECK_TITLES.map((t) => <Skeleton key={t} h={72} radius="md" />)}
          </Stack>
        ) : errors.length ? (
          <Alert color="red" variant="light" role="alert" title="チェックできませんでした">
            {errors.map((m) => <div key={m}>{m}</div>)}
          </Alert>
        ) : check.data ? (
          <CheckResults data={check.data} />
        ) : null}
      </Box>
    </PageContainer>
  );
}

function CheckResults({ data }: { data: ConnectionCheckResponse }): React.JSX.Element {
  const failing = data.checkResults.filter((c) => !c.ok);
  return (
    <Stack gap="sm" data-testid="check-results">
      <Alert color={data.result ? 'teal' : 'red'} variant="light" title="総合結果" data-testid="check-overall">
        <Stack gap={6}>
          {data.target ? <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{data.target.url}</Text> : null}
          <Text fw={700}>{data.result ? M.checkOverallOk : fmt(M.checkOverallNg, { count: failing.length })}</Text>
          {failing.length ? (
            <List size="sm" spacing={2} aria-label="問題のある項目">
              {failing.map((c) => (
                <List.Item key={c.id}>
                  <Anchor href={`#check-${c.id}`} c="red.9" underline="always">{c.title}</Anchor>
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </Alert>
      {data.checkResults.map((c) => <CheckSection key={c.id} c={c} />)}
    </Stack>
  );
}

function CheckSection({ c }: { c: ConnectionCheckResult }): React.JSX.Element {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} id={`check-${c.id}`} component="section" aria-labelledby={`check-${c.id}-title`} data-testid={`check-${c.id}`} style={{ scrollMarginTop: 80 }}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Title order={2} fz={{ base: 16, sm: 18 }} id={`check-${c.id}-title`}>
            {c.title}
          </Title>
          <Badge color={c.ok ? 'teal' : 'red'} variant="filled" style={{ flexShrink: 0 }}>
            {c.ok ? M.checkOk : M.checkNg}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{c.message}</Text>
        {c.details.length ? (
          <List size="xs" c="dimmed" spacing={2} style={{ overflowWrap: 'anywhere' }}>
            {c.details.map((d, i) => <List.Item key={i}>{d}</List.Item>)}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
