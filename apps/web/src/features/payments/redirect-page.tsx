import { usePageTitle } from '../../lib/page-title';
import { Alert, Anchor, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';

/**
 * A page that only asks the server where the browser must go (the card form, the card's authentication page, or back
 * into the app) and goes there. Shown for an instant; on failure it says so and offers the way back.
 */
export function RedirectPage({ title, resolve, backTo }: { title: string; resolve: () => Promise<string>; backTo: string }) {
  usePageTitle(title.replace(/…$/, ''));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    resolve()
      .then((url) => window.location.assign(url))
      .catch((e: unknown) => {
        const body = e instanceof ApiError ? (e.body as { message?: unknown } | null) : null;
        setError(typeof body?.message === 'string' ? body.message : M.unexpectedErrorOccurred);
      });
  }, [resolve]);
  return (
    <Container size="sm" py="xl">
      {error ? (
        <Stack>
          <Alert color="red" title={M.errorOccurred} role="alert">{error}</Alert>
          <Anchor href={backTo}>戻る</Anchor>
        </Stack>
      ) : (
        <Center>
          <Stack align="center">
            <Loader />
            <Text>{title}</Text>
          </Stack>
        </Center>
      )}
    </Container>
  );
}
