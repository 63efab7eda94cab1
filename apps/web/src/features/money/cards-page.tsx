import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardDto, CardListResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { snackbar } from '../../lib/snackbar';
import { paymentQueries } from '../payments/payments.api';
import { HelpTitle } from '../help/help-link';

export const CARDS_TITLE = 'クレジットカード';

const messageOf = (e: unknown) => {
  const b = e instanceof ApiError ? (e.body as { message?: unknown; errors?: unknown } | null) : null;
  if (Array.isArray(b?.errors) && b.errors.length) return String(b.errors[0]);
  return typeof b?.message === 'string' ? b.message : M.errorOccurred;
};

/**
 * クレジットカード (the user menu's card page): the saved cards, the default first (preselected at payment and charged
 * for auto-renew), adding one through Stripe's hosted card page, removing one, and choosing the default.
 */
export function CardsPage() {
  usePageTitle(CARDS_TITLE);
  const qc = useQueryClient();
  const cards = useQuery(paymentQueries.cards());
  const [removing, setRemoving] = useState<CardDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function change(path: 'delete' | 'default', card: CardDto) {
    setBusy(card.id);
    setError(null);
    try {
      const r = await api<CardListResult>(`/mypage/credit_card/${path}`, { body: { id: card.id } });
      qc.setQueryData(paymentQueries.cards().queryKey, r);
      snackbar(path === 'delete' ? 'カードを削除しました' : 'デフォルトのカードを変更しました');
      setRemoving(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md" data-testid="cards-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">{CARDS_TITLE}</Title>
        <Button component="a" href={`/mypage/stripe?redirect_url=${encodeURIComponent('/credit')}`} data-testid="card-add">カードを登録する</Button>
      </Group>
      <Text size="sm">カード番号は決済代行会社（Stripe）で安全に保管され、当社のサーバーには保存されません。デフォルトのカードはお支払い時に最初に選ばれ、自動更新の決済にも使われます。</Text>
      {error ? <Alert color="red" role="alert" data-testid="cards-error">{error}</Alert> : null}
      {cards.isPending ? (
        <Group justify="center" py="lg"><Loader size="sm" /><Text size="sm">読み込み中…</Text></Group>
      ) : cards.isError ? (
        <Alert color="red" role="alert">{M.errorOccurred}<Button variant="subtle" size="xs" onClick={() => void cards.refetch()}>再読み込み</Button></Alert>
      ) : cards.data.cards.length === 0 ? (
        <Paper withBorder p="lg" radius="md"><Text c="dimmed" data-testid="cards-empty">登録済みのカードはありません。</Text></Paper>
      ) : (
        <Stack gap="xs" data-testid="cards-list">
          {cards.data.cards.map((c, i) => (
            <Paper key={c.id} withBorder p="sm" radius="md" data-testid="card-row" data-card={c.cardInfoText}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text fw={600}>{c.cardInfoText}</Text>
                  {i === 0 ? <Badge color="blue" variant="light" data-testid="card-default">デフォルト</Badge> : null}
                </Group>
                <Group gap="xs">
                  {i > 0 ? <Button size="xs" variant="light" loading={busy === c.id} disabled={!!busy} onClick={() => void change('default', c)} data-testid="card-make-default">デフォルトにする</Button> : null}
                  <Button size="xs" variant="default" color="red" disabled={!!busy} onClick={() => setRemoving(c)} data-testid="card-remove">削除</Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal opened={!!removing} onClose={() => (busy ? undefined : setRemoving(null))} title={<HelpTitle title="カードの削除" topic="creditCard" />} centered>
        <Stack>
          <Text size="sm">{removing?.cardInfoText} を削除します。よろしいですか？</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={!!busy}>キャンセル</Button>
            <Button color="red" loading={!!busy} onClick={() => removing && void change('delete', removing)} data-testid="card-remove-confirm">削除する</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
