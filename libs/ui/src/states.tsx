import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';

/** Nothing to show: a calm message, never a blank area. */
export function EmptyBlock({ title, description, action }: { title: string; description?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <EmptyState py="xl" title={title} description={description} data-state="empty">
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

/** A failed load: the message and a retry button. */
export function ErrorBlock({ message = 'エラーが発生しました（しばらくしてから再度お試しください）', onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title="読み込みに失敗しました" role="alert" data-state="error">
      <Stack gap="sm" align="flex-start">
        <span>{message}</span>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            再読み込み
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Placeholder rows while a table loads. */
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap={10} role="status" aria-busy="true" aria-label="読み込み中" data-state="loading">
      <Skeleton height={36} radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" opacity={1 - i * (0.7 / rows)} />
      ))}
    </Stack>
  );
}
