// The start of a server-rendered public page (docs/web-public-pages.md). The page's HTML and styles already show its
// content; the app's code is fetched after that first paint, so on a slow link it does not compete with them for
// bandwidth, and then hydrates the page. Until then the page is readable but takes no clicks (a click on a button
// without its handler would be lost); the app lifts `inert` once hydrated. Without JavaScript nothing here runs and
// the page stays a plain, working HTML page.
const root = document.getElementById('root');
const entry = document.querySelector('meta[name="app-entry"]');
if (root && entry) {
  root.inert = true;
  root.style.pointerEvents = 'none';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (entry.dataset.preload || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    import(entry.content);
  };
  // after the next frame is painted (a hidden tab paints no frame: the timer starts it anyway)
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1500);
}
