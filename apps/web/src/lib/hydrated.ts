import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false while the server renders and while the browser hydrates that markup, true from the next render on. A control
 * whose change would be lost before the app takes over (a native select: the browser changes it, but no handler is
 * listening yet) is rendered disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
