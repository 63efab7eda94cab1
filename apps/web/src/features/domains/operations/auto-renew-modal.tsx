import { Alert, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { M } from '@registrar/messages';
import { autoRenewButtons } from '@registrar/rules';
import { ChosenDomains, OpProgress, OpResultTable } from './op-parts';
import { OpModalProps, useOperationRun } from './operation.api';
import { paymentQueries } from '../../payments/payments.api';

/** where the member registers a card (also the link of the errorCode 100 answer) */
const CARD_REGISTRATION_URL = '/credit';

/**
 * Auto-renew (001 §4: wait → update; per-domain results; on failure an error with a Back button; errorCode 100 → card link).
 * ON needs a registered card (001 §5): without one the ON button stays unavailable with the tooltip
 * 'カード情報を登録してください' and the card-registration link; OFF stays available.
 */
export function AutoRenewModal({ domains, onClose, setBusy }: OpModalProps) {
  const [step, setStep] = useState<'wait' | 'loading' | 'update'>('wait');
  const [error, setError] = useState<{ code?: number; message: string } | null>(null);
  const op = useOperationRun();
  const buttons = autoRenewButtons(domains);
  // the member's cards (the list's card prompt reads the same query); unknown while loading or failed: the server decides
  const cards = useQuery({ ...paymentQueries.cards(), enabled: buttons.on, staleTime: 60_000 });
  const noCard = cards.data?.cards.length === 0;

  async function go(flag: 0 | 1) {
    setStep('loading');
    setBusy(true);
    try {
      const { answer } = await op.run<{ success: boolean; errorCode?: number; result: boolean; errors: string[]; domains: never[] }>('/mypage/domain/autoupdate', { domains: domains.map((d) => d.id), autoUpdateFlg: flag });
      if (!answer.result) {
        // 001 §8: no card (code 100) links to card registration; every other error shows the one fixed text
        setError(answer.errorCode === 100 ? { code: 100, message: M.registerCard } : { message: M.errorRetryLaterSpaced });
        setStep('wait');
        return;
      }
      setStep('update');
    } catch {
      setError({ message: M.errorRetryLaterSpaced });
      setStep('wait');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'loading') return <Stack><Text>自動更新を変更しています…</Text><OpProgress progress={op.progress} /></Stack>;
  if (step === 'update') {
    return (
      <Stack>
        <OpResultTable rows={op.rows} />
        <Group justify="flex-end"><Button onClick={() => onClose({ changedIds: domains.map((d) => d.id) })}>閉じる</Button></Group>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {error.code === 100 ? <><Anchor href={CARD_REGISTRATION_URL}>カード情報の登録</Anchor>{M.autoRenewCardSuffix}</> : error.message}
        </Alert>
        <Group justify="flex-end"><Button variant="default" onClick={() => setError(null)}>戻る</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <ChosenDomains domains={domains} />
      <Text size="sm">自動更新をONにすると、有効期限が近づいたときに登録済みのカードまたはポイントで自動的に更新します。</Text>
      {buttons.on && noCard ? (
        <Text size="sm" data-testid="autorenew-card-needed">自動更新をONにするには<Anchor href={CARD_REGISTRATION_URL}>カード情報の登録</Anchor>{M.autoRenewCardSuffix}</Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose()}>キャンセル</Button>
        {buttons.off ? <Button color="gray" onClick={() => go(0)}>自動更新をOFFにする</Button> : null}
        {buttons.on ? (
          noCard ? (
            // data-disabled (not disabled) so the tooltip still opens on hover and focus (Mantine's way for a disabled button)
            <Tooltip label={M.registerCard} events={{ hover: true, focus: true, touch: true }}>
              <Button data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()} data-testid="autorenew-on">自動更新をONにする</Button>
            </Tooltip>
          ) : <Button onClick={() => go(1)} data-testid="autorenew-on">自動更新をONにする</Button>
        ) : null}
      </Group>
    </Stack>
  );
}
