import { Alert, Checkbox, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { M } from '@registrar/messages';
import { ApiError } from './api';

/**
 * Pages that list requests waiting for the member (domains moved in from other accounts, their own move requests,
 * other registrars' transfer requests) with a checkbox a row and buttons acting on the checked rows.
 */

/** The answer of a call on the checked rows: one line a domain, and a message when the whole call failed. */
export interface CheckedAnswer {
  result: boolean;
  domainResults: Array<{ id: number; name: string; message: string }>;
  errorMessage: string | null;
}

/** The rows' checkboxes: the checked ids, one row toggled, all rows (un)checked at once. */
export function useChecks(ids: number[]) {
  const [checked, setChecked] = useState<number[]>([]);
  const all = ids.length > 0 && ids.every((id) => checked.includes(id));
  return {
    checked,
    all,
    toggle: (id: number) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id])),
    toggleAll: () => setChecked(all ? [] : ids),
    clear: () => setChecked([]),
  };
}

/**
 * Runs a call on the checked rows: an empty selection is refused with `noneChecked`; the answer and the error are
 * kept for the page; afterwards the selection is cleared and the list (`refresh`) read again.
 */
export function useCheckedAction<K extends string>(checks: ReturnType<typeof useChecks>, refresh: QueryKey) {
  const qc = useQueryClient();
  const [answer, setAnswer] = useState<CheckedAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<K | null>(null);
  async function run(kind: K, noneChecked: string, call: (ids: number[]) => Promise<CheckedAnswer>) {
    if (!checks.checked.length) return setError(noneChecked);
    setError(null);
    setBusy(kind);
    try {
      const r = await call(checks.checked);
      setAnswer(r);
      if (!r.result) setError(r.errorMessage ?? M.unexpectedError);
    } catch (e) {
      setError(((e as ApiError).body as { errorMessage?: string } | null)?.errorMessage ?? M.unexpectedError);
    } finally {
      setBusy(null);
      checks.clear();
      await qc.invalidateQueries({ queryKey: refresh });
    }
  }
  return { run, answer, error, busy };
}

/** The answer (a line a domain) and the error of the last call. */
export function CheckedResults({ answer, error }: { answer: CheckedAnswer | null; error: string | null }) {
  return (
    <>
      {answer ? (
        <Alert color={answer.result ? 'green' : 'red'} role="status">
          {answer.errorMessage ? <Text size="sm">{answer.errorMessage}</Text> : null}
          {answer.domainResults.filter((r) => r.name).map((r) => <Text key={r.id} size="sm" style={{ overflowWrap: 'anywhere' }}>{r.name}: {r.message}</Text>)}
        </Alert>
      ) : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
    </>
  );
}

export interface CheckedColumn<T> {
  title: string;
  cell: (row: T) => ReactNode;
  /** long values (names, addresses) break anywhere instead of widening the table */
  wrap?: boolean;
  /** short values (dates) stay on one line */
  nowrap?: boolean;
}

/** The list with its loading, error and empty states; each row's checkbox is labelled with the row's domain. */
export function CheckedTable<T extends { id: number }>({ query, rows, checks, columns, nameOf, empty, testId }: {
  query: { isPending: boolean; isError: boolean };
  rows: T[];
  checks: ReturnType<typeof useChecks>;
  columns: CheckedColumn<T>[];
  nameOf: (row: T) => string;
  empty: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      {query.isPending ? <Group justify="center" p="lg"><Loader role="status" aria-label="読み込み中" /></Group> : query.isError ? <Alert color="red">{M.errorOccurred}</Alert> : rows.length === 0 ? (
        <Text ta="center" p="lg">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}><Checkbox aria-label="すべて選択" checked={checks.all} onChange={checks.toggleAll} /></Table.Th>
                {columns.map((c) => <Table.Th key={c.title}>{c.title}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td><Checkbox aria-label={`${nameOf(r)}を選択`} checked={checks.checked.includes(r.id)} onChange={() => checks.toggle(r.id)} /></Table.Td>
                  {columns.map((c) => <Table.Td key={c.title} style={c.wrap ? { overflowWrap: 'anywhere' } : c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>{c.cell(r)}</Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
