/** An ordinary form post (the spec's page forms carry the CSRF token as _token), e.g. the list's searches and the CSV. */
export function postForm(action: string, fields: Record<string, string | undefined>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  const all: Record<string, string | undefined> = { _token: document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '', ...fields };
  for (const [k, v] of Object.entries(all)) {
    if (v === undefined || v === '') continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = k;
    input.value = v;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
