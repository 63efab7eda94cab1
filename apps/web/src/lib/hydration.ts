/**
 * When a server-rendered page is fully hydrated. `hydrateRoot` commits the root first and hydrates each Suspense
 * boundary the server rendered (every route with a pending component, e.g. the price list) afterwards, at React's
 * lowest priority; React says nothing when that is done. Until then the boundary's markup has no handlers: a hover or
 * a click on it is lost (React hydrates the boundary then, but does not replay the hover, so a tooltip never opens).
 * An element React has hydrated (or rendered) carries its fiber under React's per-root key (`__reactFiber$<id>`, the
 * id the root container's `__reactContainer$<id>` names): the page is hydrated once every element under the root
 * carries it (markup set through dangerouslySetInnerHTML is React's only as a whole).
 */
const CONTAINER = '__reactContainer$';

export function unhydratedElement(root: Element): Element | null {
  const id = Object.keys(root).find((k) => k.startsWith(CONTAINER))?.slice(CONTAINER.length);
  if (id === undefined) return null; // not a React root (nothing to wait for)
  const fiberKey = `__reactFiber$${id}`;
  const propsKey = `__reactProps$${id}`;
  const find = (parent: Element): Element | null => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      const own = el as unknown as Record<string, unknown>;
      if (!(fiberKey in own)) return el;
      if ((own[propsKey] as { dangerouslySetInnerHTML?: unknown } | undefined)?.dangerouslySetInnerHTML) continue;
      const inner = find(el);
      if (inner) return inner;
    }
    return null;
  };
  return find(root);
}

/**
 * Calls `done` once every element under `root` is hydrated, checking each frame (a few frames after the root's
 * commit). After `maxMs` it calls `done` anyway: markup something else inserted must not keep the page unusable.
 */
export function whenHydrated(root: Element, done: () => void, maxMs = 10_000): () => void {
  const start = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (!unhydratedElement(root) || Date.now() - start >= maxMs) return done();
    timer = setTimeout(check, 16); // not requestAnimationFrame: a hidden tab paints no frame
  };
  check();
  return () => clearTimeout(timer);
}
