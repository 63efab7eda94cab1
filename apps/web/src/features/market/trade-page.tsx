import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MarketTradeDto } from '@registrar/contracts';
import { TRADE_STATUS_LABELS, TRADE_STEP_LABELS } from '@registrar/messages';
import { ErrorBlock, TableSkeleton } from '@registrar/ui';
import { usePageTitle } from '../../lib/page-title';
import { dateTimeJst, marketError, marketQueries, yen } from './market.api';

const ORDER = ['pay', 'move', 'credit'];
const ENDED = ['completed', 'refunded', 'cancelled'];

/** The steps of a trade as a stepper (both sides see the same), polled until the trade has ended. */
export function TradeSteps({ t }: { t: MarketTradeDto }) {
  const done = (step: string) => t.steps.some((s) => s.step === step && s.status === 'done');
  const failed = t.steps.find((s) => s.status === 'failed');
  const active = t.status === 'completed' ? 3 : ORDER.findIndex((s) => !done(s));
  const at = (step: string) => t.steps.filter((s) => s.step === step).at(-1)?.at;
  return (
    <Stepper active={active < 0 ? 3 : active} orientation="vertical" size="sm" allowNextStepsSelect={false} data-testid="trade-steps">
      {ORDER.map((s, i) => (
        <Stepper.Step key={s} label={TRADE_STEP_LABELS[s]}
          description={done(s) ? `完了 ${dateTimeJst(at(s))}` : failed?.step === s ? `失敗: ${failed.message ?? ''}` : i === active && !ENDED.includes(t.status) ? '処理中…' : undefined}
          color={failed?.step === s ? 'red' : undefined}
          loading={i === active && !ENDED.includes(t.status)} />
      ))}
    </Stepper>
  );
}

export function TradePage({ id }: { id: number }) {
  usePageTitle(`取引 #${id}｜ドメインマーケット`);
  const q = useQuery(marketQueries.trade(id));
  if (q.isPending) return <TableSkeleton rows={4} />;
  if (q.isError) return <ErrorBlock message={marketError(q.error)} onRetry={() => void q.refetch()} />;
  const t = q.data;
  const ended = ENDED.includes(t.status);
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/sales" size="sm">← 売上管理・取引一覧</Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={t.status === 'completed' ? 'teal' : ended ? 'gray' : 'blue'} data-testid="trade-status">{TRADE_STATUS_LABELS[t.status]}</Badge>
            <Text size="sm" c="dimmed">取引番号 {t.id} ・ {t.role === 'buyer' ? '購入' : '売却'}</Text>
            {!ended ? <Loader size="xs" aria-label="処理中" /> : null}
          </Group>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>{t.domain}</Title>
          <Text>価格 <b>{yen(t.price)}</b>{t.role === 'seller' ? `（手数料 ${yen(t.commission)}・売上 ${yen(t.payout)}）` : ''}</Text>
          <TradeSteps t={t} />
          {t.status === 'completed' ? (
            <Alert color="teal" variant="light" role="status">
              {t.role === 'buyer' ? <>取引が完了しました。ドメインは<Anchor component={Link} to="/mypage/domain">ドメイン管理</Anchor>に移動しています。</> : <>取引が完了し、売上 {yen(t.payout)} をポイントで付与しました。</>}
            </Alert>
          ) : null}
          {t.status === 'refunded' || t.status === 'cancelled' ? <Alert color="orange" variant="light" role="status">{t.status === 'refunded' ? '取引を取り消し、購入者へ全額返金しました。' : '取引は成立しませんでした。'}{t.error ? ` 理由: ${t.error}` : ''}</Alert> : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
