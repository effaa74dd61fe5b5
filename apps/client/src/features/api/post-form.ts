import type { HttpClient } from './http-client';

/**
 * Posts fields as an HTML form, by default into a new browser tab: a page that must arrive with data
 * (SQL Lab with a chart's query) and that the user asked to open apart. The session's CSRF token
 * travels as the `csrf_token` field, since a form cannot send the X-CSRFToken header.
 */
export async function postForm(
  http: HttpClient,
  path: string,
  fields: Record<string, string>,
  target = '_blank',
): Promise<void> {
  const token = await http.csrfTokenForForm();
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = http.url(path);
  form.target = target;
  form.rel = 'noopener';
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...fields, ...(token ? { csrf_token: token } : {}) })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
