// The page an invitation link opens (/console/invite#TOKEN): what it invites to and a form to
// choose a password, or, for a link used before, expired or altered, a page saying so.
import { ApiError, post, setCsrf } from '../api.ts';
import { h } from '../dom.ts';
import { fieldForm } from './account-forms.ts';

export async function invitePage(root: HTMLElement): Promise<void> {
  const token = decodeURIComponent(location.hash.replace(/^#/, ''));
  const main = h('main', { id: 'main' });
  root.append(main);
  let invite: { Email: string; Name: string; Role: string };
  try {
    invite = await post('/console/api/invite/check', { Token: token });
  } catch (x) {
    const message = x instanceof ApiError ? x.message.replace(/^Token: /, '') : 'The console is unreachable right now.';
    main.append(
      h(
        'div',
        { class: 'card signin', role: 'alert' },
        h('h1', {}, 'This invitation link cannot be used'),
        h('p', {}, message.charAt(0).toUpperCase() + message.slice(1)),
        h('p', {}, h('a', { href: '/console/sign-in' }, 'Go to sign-in')),
      ),
    );
    return;
  }
  const form = fieldForm(
    'join',
    `Join as ${invite.Role}`,
    [
      { name: 'Name', label: 'Your name', autocomplete: 'name' },
      {
        name: 'Password',
        label: 'Choose a password',
        type: 'password',
        autocomplete: 'new-password',
        hint: 'At least 10 characters.',
      },
    ],
    'Set password and sign in',
    async (v) => {
      const r = await post<{ CsrfToken: string }>('/console/api/invite/accept', { Token: token, ...v });
      setCsrf(r.CsrfToken);
      location.assign('/console');
      return 'Signed in.';
    },
  );
  (form.inputs.get('Name') as HTMLInputElement).value = invite.Name;
  main.append(
    h(
      'div',
      { class: 'signin' },
      h('h1', {}, 'Welcome to the Parlor console'),
      h('p', {}, `You are invited as ${invite.Email}.`),
      form.el,
    ),
  );
}
