import { Alert, Badge, Button, FileInput, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';
import { adminErrors, tldImportApi, type TldImportAnswer, type TldImportId } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminError, WideTable } from '../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/tld_import')({ component: TldImportPage });

/** The three import items of 002 §2 (id 1 TLD, 2 TLD price, 3 TLD category), run in this order by the bulk run. */
const ITEMS: { id: TldImportId; name: string; file: string }[] = [
  { id: 1, name: 'TLD', file: 'tld.csv' },
  { id: 2, name: 'TLD価格', file: 'tld_price.csv' },
  { id: 3, name: 'TLDカテゴリ', file: 'tld_category.csv' },
];

/** Row states of 002 §4: not processed, importing, success or failed. */
type RowState = { state: 'idle' | 'running' | 'success' | 'failed'; message?: string; errors?: string[] };
const STATE_LABEL: Record<RowState['state'], { label: string; color: string }> = {
  idle: { label: '未処理', color: 'gray' },
  running: { label: 'インポート中', color: 'blue' },
  success: { label: '成功', color: 'green' },
  failed: { label: '失敗', color: 'red' },
};

/** A failed import shows the server's message (and its row errors), or エラーが発生しました when nothing came back (002 §8). */
function failureOf(e: unknown): RowState {
  if (e instanceof ApiError && e.body && typeof e.body === 'object') {
    const b = e.body as { message?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message && e.status < 500) return { state: 'failed', message: b.message, errors: Array.isArray(b.errors) ? b.errors.map(String) : [] };
    const fields = adminErrors(e, '');
    if (fields[0]) return { state: 'failed', message: fields.join(' ') };
  }
  return { state: 'failed', message: M.errorOccurred };
}
const answerState = (r: TldImportAnswer): RowState => (r.result ? { state: 'success', message: r.message } : { state: 'failed', message: r.message || M.errorOccurred, errors: r.errors });

const UPLOADS: { key: 'tld' | 'tld_price' | 'tld_category'; label: string }[] = [
  { key: 'tld', label: 'TLD（tld.csv）' },
  { key: 'tld_price', label: 'TLD価格（tld_price.csv）' },
  { key: 'tld_category', label: 'TLDカテゴリ（tld_category.csv）' },
];

/** /admin/tld_import (super): the catalogue's master data — the bundled files row by row or all at once, or uploaded CSVs. */
function TldImportPage() {
  const [rows, setRows] = useState<Record<TldImportId, RowState>>({ 1: { state: 'idle' }, 2: { state: 'idle' }, 3: { state: 'idle' } });
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkRunning, setBulkRunning] = useState(false);
  const nextMonth = useQuery({ queryKey: ['admin', 'tld-price-exists'], queryFn: ({ signal }) => tldImportApi.nextMonth(signal) });
  const busy = bulkRunning || Object.values(rows).some((r) => r.state === 'running');

  const runOne = async (id: TldImportId): Promise<boolean> => {
    setRows((s) => ({ ...s, [id]: { state: 'running' } }));
    let next: RowState;
    try { next = answerState(await tldImportApi.run(id)); } catch (e) { next = failureOf(e); }
    setRows((s) => ({ ...s, [id]: next }));
    if (id === 2 && next.state === 'success') void nextMonth.refetch();
    return next.state === 'success';
  };
  const runAll = async () => {
    setBulkOpen(false);
    setBulkRunning(true);
    setRows({ 1: { state: 'idle' }, 2: { state: 'idle' }, 3: { state: 'idle' } });
    try {
      // in order: prices and categories refer to TLDs; a failure stops the rest (they stay 未処理)
      for (const item of ITEMS) if (!(await runOne(item.id))) break;
    } finally { setBulkRunning(false); }
  };

  const [files, setFiles] = useState<Partial<Record<'tld' | 'tld_price' | 'tld_category', File>>>({});
  const upload = useMutation({ mutationFn: () => tldImportApi.upload(files), onSuccess: (r) => { if (r.result) { setFiles({}); void nextMonth.refetch(); } } });
  const uploadState: RowState | null = upload.isError ? failureOf(upload.error) : upload.data ? answerState(upload.data) : null;

  return (
    <AdminPage title="TLDインポート" superOnly actions={<Button onClick={() => setBulkOpen(true)} disabled={busy}>一括実行</Button>}>
      <Stack gap="lg">
        {nextMonth.data && !nextMonth.data.result ? (
          <Alert color="yellow" data-testid="next-month-warning">{nextMonth.data.message ?? M.nextMonthPricesMissing}</Alert>
        ) : null}

        <WideTable minWidth={620} label="インポート項目">
          <Table verticalSpacing="sm" data-testid="tld-import-table">
            <Table.Thead>
              <Table.Tr><Table.Th w={40}>ID</Table.Th><Table.Th>項目</Table.Th><Table.Th w={120}>状態</Table.Th><Table.Th>結果</Table.Th><Table.Th w={100} /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ITEMS.map((item) => {
                const r = rows[item.id];
                return (
                  <Table.Tr key={item.id} data-testid={`tld-import-row-${item.id}`}>
                    <Table.Td>{item.id}</Table.Td>
                    <Table.Td><Text size="sm" fw={500}>{item.name}</Text><Text size="xs" c="dimmed">{item.file}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={STATE_LABEL[r.state].color} data-testid="tld-import-state">{STATE_LABEL[r.state].label}</Badge></Table.Td>
                    <Table.Td>
                      {r.message ? <Text size="sm" c={r.state === 'failed' ? 'red' : undefined} data-testid="tld-import-message">{r.message}</Text> : null}
                      {r.errors?.length ? <Stack gap={0} mt={4}>{r.errors.map((x) => <Text key={x} size="xs" c="red">{x}</Text>)}</Stack> : null}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="default" loading={r.state === 'running'} disabled={busy && r.state !== 'running'} onClick={() => void runOne(item.id)}>実行</Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </WideTable>

        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb={4}>CSVをアップロードしてインポート</Title>
          <Text size="sm" c="dimmed" mb="sm">選んだファイルをすべて検証してから、1つのトランザクションで取り込みます。1行でも誤りがあれば何も変更しません。</Text>
          <Stack gap="sm" maw={520}>
            {UPLOADS.map((u) => (
              <FileInput key={u.key} label={u.label} accept=".csv,text/csv" clearable value={files[u.key] ?? null}
                onChange={(f) => setFiles((s) => ({ ...s, [u.key]: f ?? undefined }))} />
            ))}
            <Button w="fit-content" loading={upload.isPending} disabled={busy || !Object.values(files).some(Boolean)} onClick={() => upload.mutate()}>アップロードしてインポート</Button>
          </Stack>
          {uploadState ? (
            uploadState.state === 'success'
              ? <Alert mt="sm" color="green" role="status" data-testid="upload-result">{uploadState.message}</Alert>
              : <div data-testid="upload-result"><AdminError messages={[uploadState.message ?? M.errorOccurred, ...(uploadState.errors ?? [])]} /></div>
          ) : null}
        </Paper>
      </Stack>

      <Modal opened={bulkOpen} onClose={() => setBulkOpen(false)} title="一括実行" closeButtonProps={{ 'aria-label': '閉じる' }}>
        <Text size="sm">TLD、TLD価格、TLDカテゴリの順に、同梱のマスターデータをインポートします。途中で失敗した場合、残りは実行しません。</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setBulkOpen(false)}>キャンセル</Button>
          <Button onClick={() => void runAll()} data-testid="bulk-run">実行する</Button>
        </Group>
      </Modal>
    </AdminPage>
  );
}
