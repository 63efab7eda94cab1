import { Alert, Anchor, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';
import { snackbar } from '../../lib/snackbar';
import { useSession } from '../../lib/session';
import { consentQueries, recordConsent } from './help.api';
import { LEGAL_PATHS } from './legal-page';

/**
 * When the terms or the privacy policy have a version the signed-in member has not agreed to, this dialog blocks the
 * page (no close button, no escape, no outside click) until they agree; logging out is the other way out. The legal
 * pages themselves stay readable behind it through their links (new tab).
 */
export function ReconsentGate() {
  const { isSignedIn } = useSession();
  const qc = useQueryClient();
  const pending = useQuery({ ...consentQueries.pending(), enabled: isSignedIn });
  const [checked, setChecked] = useState(false);
  const agree = useMutation({
    mutationFn: () => recordConsent('reconsent', (pending.data ?? []).map((p) => ({ document: p.document, version: p.version }))),
    onSuccess: async (r) => {
      snackbar(r.message ?? M.reconsentAgreed);
      await qc.invalidateQueries({ queryKey: consentQueries.pending().queryKey });
    },
  });
  const docs = pending.data ?? [];
  if (!isSignedIn || !docs.length) return null;
  const error = agree.error instanceof ApiError ? (agree.error.body as { message?: string } | null)?.message ?? M.consentRecordFailed : agree.isError ? M.consentRecordFailed : null;
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered size="lg" title="規約改定へのご同意のお願い" data-testid="reconsent-modal">
      <Stack gap="md">
        <Text size="sm">{docs.some((d) => d.everAgreed) ? M.reconsentRequired : '引き続きご利用いただくには、次の書類に同意してください。'}</Text>
        <List size="sm" spacing={4}>
          {docs.map((d) => (
            <List.Item key={d.document}>
              <Anchor href={LEGAL_PATHS[d.document]} target="_blank" rel="noopener">{d.title}</Anchor>（版: {d.version}）
            </List.Item>
          ))}
        </List>
        <Checkbox label={`${docs.map((d) => d.title).join('と')}に同意する`} checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} data-testid="reconsent-check" />
        {error ? <Alert color="red" variant="light" role="alert">{error}</Alert> : null}
        <Group justify="space-between" wrap="wrap">
          <Anchor href="/logout" size="sm">同意せずにログアウトする</Anchor>
          <Button onClick={() => agree.mutate()} disabled={!checked} loading={agree.isPending} data-testid="reconsent-submit">同意して続ける</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
