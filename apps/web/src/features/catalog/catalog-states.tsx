import { Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { M } from '@registrar/messages';
import { pageTitle } from '../../lib/page-title';
import { ErrorBlock, PageContainer, TableSkeleton } from '@registrar/ui';

export { pageTitle };

/** Skeletons while a catalogue page loads. */
export function CatalogPending({ title }: { title: string }) {
  useDocumentTitle(pageTitle(title));
  return (
    <PageContainer title={title}>
      <Skeleton height={56} radius="md" w={{ base: '100%', xs: 260 }} />
      <TableSkeleton rows={10} />
    </PageContainer>
  );
}

/** A failed catalogue load: the message and a retry that reloads the route's data. */
export function CatalogError({ title, reset }: { title: string } & Pick<ErrorComponentProps, 'reset'>) {
  useDocumentTitle(pageTitle(title));
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  return (
    <PageContainer title={title}>
      <ErrorBlock
        message={M.errorRetryLaterParen}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </PageContainer>
  );
}

/**
 * The price page when its data does not load: 002 §7/§8 say the failure of `domain/price/search` is logged only, so the
 * page keeps its title and lead and shows no error block; a reload (or a category change) asks again.
 */
export function PriceLoadLogged({ title, lead, error }: { title: string; lead: string; error: unknown }) {
  useDocumentTitle(pageTitle(title));
  useEffect(() => {
    console.error('domain/price/search failed', error);
  }, [error]);
  return <PageContainer title={title} lead={lead}>{null}</PageContainer>;
}

export function DetailPending() {
  return (
    <PageContainer>
      <Stack gap="md">
        <Skeleton height={40} w="60%" radius="md" />
        <Skeleton height={120} radius="lg" />
        <Skeleton height={160} radius="lg" />
        <TableSkeleton rows={6} />
      </Stack>
    </PageContainer>
  );
}
