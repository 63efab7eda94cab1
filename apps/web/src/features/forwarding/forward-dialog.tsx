import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { ForwardingSaveResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';

/**
 * The add/edit dialog of a URL or a mail forward: the fields are the caller's; the dialog checks them in the browser
 * first (`check`, the same rules as the server), then saves, shows the server's errors above the fields, and cannot be
 * closed while it saves.
 */
export function ForwardDialog({ title, check, save, onClose, onSaved, children }: {
  title: string;
  check: () => string[];
  save: () => Promise<ForwardingSaveResult>;
  onClose: () => void;
  onSaved: (r: ForwardingSaveResult) => void;
  children: ReactNode;
}) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local = check().filter(Boolean);
    if (local.length) return setErrors(local);
    setBusy(true);
    try {
      const r = await save();
      if (r.result) onSaved(r);
      else setErrors(r.errors);
    } catch (e) {
      setErrors([e instanceof ApiError ? e.message : M.errorOccurred]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={title} centered>
      <Stack gap="sm">
        {errors.length ? <Alert color="red" data-testid="forward-errors">{errors.map((e) => <Text key={e} size="sm">{e}</Text>)}</Alert> : null}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>キャンセル</Button>
          <Button onClick={() => void submit()} loading={busy}>保存</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
