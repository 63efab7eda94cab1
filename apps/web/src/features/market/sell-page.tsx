import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketListingDto } from '@registrar/contracts';
import { listingErrors, MARKET_DESCRIPTION_MAX, MARKET_MAX_DAYS } from '@registrar/rules';
import { ErrorBlock, TableSkeleton } from '@registrar/ui';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { marketError, marketQueries } from './market.api';

const dayIso = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** /market/sell: list a domain the member holds (fixed price, optional minimum offer, description, end date). */
export function SellPage() {
  usePageTitle('ドメインを出品する');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const candidates = useQuery(marketQueries.candidates());
  const [domainId, setDomainId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const [minOffer, setMinOffer] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const [ends, setEnds] = useState(dayIso(new Date(Date.now() + 30 * 24 * 3600_000)));
  const [touched, setTouched] = useState(false);
  const endsAt = `${ends}T23:59:59+09:00`;
  const errors = listingErrors({ price: price === '' ? '' : Number(price), minOffer: minOffer === '' ? null : Number(minOffer), description, endsAt }, new Date());
  const create = useMutation({
    mutationFn: () => api<MarketListingDto>('/mypage/market/listing', { body: { domainId: Number(domainId), price: Number(price), minOffer: minOffer === '' ? null : Number(minOffer), description, endsAt } }),
    onSuccess: (l) => {
      void qc.invalidateQueries({ queryKey: ['market'] });
      void navigate({ to: '/market/$listingId', params: { listingId: String(l.id) } });
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!domainId || Object.keys(errors).length) return;
    create.mutate();
  };
  const options = (candidates.data ?? []).map((c) => ({ value: String(c.id), label: c.listable ? c.name : `${c.name}（${c.reason}）`, disabled: !c.listable }));
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/market" size="sm">← ドメインマーケット</Anchor>
      <Title order={1} size="h2">ドメインを出品する</Title>
      <Text size="sm" c="dimmed">出品中のドメインは、他ユーザーへの移動・ゴミ箱・AUTHCODEの取得（他社への移管）ができません。売れた場合、販売価格から手数料を差し引いた額をポイントでお支払いします。</Text>
      {candidates.isPending ? <TableSkeleton rows={3} /> : candidates.isError ? <ErrorBlock message={marketError(candidates.error)} onRetry={() => void candidates.refetch()} /> : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm" maw={560}>
            <Select label="出品するドメイン" placeholder={options.length ? '選択してください' : '出品できるドメインがありません'} searchable data={options} value={domainId} onChange={setDomainId}
              error={touched && !domainId ? 'ドメインを選択してください' : undefined} required nothingFoundMessage="見つかりません" />
            <NumberInput label="販売価格（円）" required thousandSeparator="," min={1000} hideControls value={price} onChange={setPrice} error={touched ? errors.price : undefined} />
            <NumberInput label="最低オファー価格（円・任意）" description="入力すると、この金額以上のオファーを受け付けます" thousandSeparator="," min={1000} hideControls value={minOffer} onChange={setMinOffer} error={touched ? errors.minOffer : undefined} />
            <Textarea label="説明文" autosize minRows={3} maxLength={MARKET_DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={touched ? errors.description : undefined}
              description={`${description.length} / ${MARKET_DESCRIPTION_MAX}文字`} />
            <TextInput type="date" label="掲載終了日" required value={ends} onChange={(e) => setEnds(e.currentTarget.value)} min={dayIso(new Date(Date.now() + 24 * 3600_000))} max={dayIso(new Date(Date.now() + MARKET_MAX_DAYS * 24 * 3600_000))} error={touched ? errors.endsAt : undefined} />
            {create.isError ? <Alert color="red" variant="light" role="alert">{marketError(create.error)}</Alert> : null}
            <Group><Button type="submit" loading={create.isPending}>出品する</Button></Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
