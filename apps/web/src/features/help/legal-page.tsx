import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ErrorBlock, PageContainer } from '@registrar/ui';
import { usePageTitle } from '../../lib/page-title';
import { ArticleHtml } from './article-html';
import { helpQueries } from './help.api';

export type LegalKey = 'terms' | 'privacy' | 'tokushoho' | 'company';

/** Where each legal document lives (linked from the footer, the sign-up form and the agreement checkboxes). */
export const LEGAL_PATHS: Record<LegalKey, string> = {
  terms: '/knowledge/terms/',
  privacy: '/knowledge/privacy/',
  tokushoho: '/specified_commercial_transaction_law',
  company: '/company',
};
const LEGAL_LABELS: Record<LegalKey, string> = { terms: '利用規約', privacy: 'プライバシーポリシー', tokushoho: '特定商取引法に基づく表記', company: '運営会社' };

/** 利用規約, プライバシーポリシー, 特定商取引法に基づく表記 and 運営会社: the gateway's document with the operator filled in. */
export function LegalDocumentPage({ docKey }: { docKey: LegalKey }) {
  const { data: doc } = useSuspenseQuery(helpQueries.legal(docKey));
  usePageTitle(doc.title);
  return (
    <PageContainer size={860} title={doc.title} lead={docKey === 'terms' || docKey === 'privacy' ? `施行日: ${doc.effective}（版: ${doc.version}）` : undefined}>
      {doc.operator.sample ? (
        <Alert color="yellow" variant="light" title="運営者情報はサンプルです" data-testid="operator-sample">
          この環境では運営者の情報が設定されていないため、「（サンプル）」と記した値を表示しています。本番環境では設定された正式な情報を表示します。
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <ArticleHtml html={doc.html} testId="legal-body" />
      </Paper>
      <LegalLinks current={docKey} />
    </PageContainer>
  );
}

export function LegalLinks({ current }: { current?: LegalKey }) {
  return (
    <Group gap="md" wrap="wrap" component="nav" aria-label="規約・運営者情報">
      {(Object.keys(LEGAL_PATHS) as LegalKey[])
        .filter((k) => k !== current)
        .map((k) => (
          <Anchor key={k} href={LEGAL_PATHS[k]} size="sm">
            {LEGAL_LABELS[k]}
          </Anchor>
        ))}
      <Anchor href="/knowledge/" size="sm">ヘルプセンター</Anchor>
    </Group>
  );
}

export function LegalPending() {
  return (
    <PageContainer size={860}>
      <Stack gap="sm" aria-busy>
        <Skeleton h={34} w="50%" />
        <Skeleton h={16} />
        <Skeleton h={16} />
        <Skeleton h={16} w="80%" />
      </Stack>
    </PageContainer>
  );
}

export function LegalError({ onRetry }: { onRetry: () => void }) {
  return (
    <PageContainer size={860}>
      <ErrorBlock message="ページを読み込めませんでした（しばらくしてから再度お試しください）" onRetry={onRetry} />
      <Text size="sm" c="dimmed">
        <LegalLinks />
      </Text>
    </PageContainer>
  );
}
