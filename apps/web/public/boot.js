// The start of a server-rendered public page (docs/web-public-pages.md). The page's HTML and styles already show its
// content; the app's code is fetched after that first paint, so on a slow link it does not compete with them for
// bandwidth, and then hydrates the page. Until then the page is readable, its links work, and the domain search form
// works as a plain form (a POST with the page's token, as without JavaScript); anything else takes no clicks (a click
// on a button without its handler would be lost): it is `inert` until the app is live (AppProviders lifts it).
// Without JavaScript nothing here runs and the page stays a plain, working HTML page.
const root = document.getElementById('root');
const entry = document.querySelector('meta[name="app-entry"]');
if (root && entry) {
  root.setAttribute('data-boot', '');
  // everything inert but the search forms and the elements that hold them; inside a form, what needs the app (its tabs)
  const keep = [...root.querySelectorAll('form[data-search-form]')];
  const hold = (el) => {
    el.inert = true;
    el.style.pointerEvents = 'none';
    el.setAttribute('data-boot-inert', '');
  };
  if (!keep.length) {
    root.inert = true;
    root.style.pointerEvents = 'none';
  } else {
    const holds = (el) => keep.some((f) => el.contains(f));
    const walk = (parent) => {
      for (const el of parent.children) {
        if (keep.includes(el)) el.querySelectorAll('[data-needs-app]').forEach(hold);
        else if (holds(el)) walk(el);
        else hold(el);
      }
    };
    walk(root);
  }
  // a search before the app is there: the form posts what the visitor typed, with the session's token
  document.addEventListener('submit', (e) => {
    const form = e.target;
    if (document.documentElement.hasAttribute('data-app-ready') || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-search-form')) return;
    const token = form.querySelector('input[name="_token"]');
    if (token) token.value = document.querySelector('meta[name="csrf-token"]')?.content || '';
    const keyword = form.querySelector('[data-search-keyword]');
    const domain = form.querySelector('input[name="domain"]');
    if (keyword && domain) {
      let value = keyword.value.trim();
      const tld = form.dataset.tld;
      if (tld && value && !value.includes('.')) value = `${value}.${tld}`;
      domain.value = value;
    }
    const list = form.querySelector('textarea[name="domain_list"]');
    if (!(domain && domain.value) && !(list && list.value.trim())) e.preventDefault();
  }, true);
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
