// People: everyone changes their own password and e-mail; owners also see the team, change
// roles, remove people, and invite someone by a one-time link (valid 72 hours), e-mailed to them
// or only shown, to copy and send.
import { get, post, setCsrf } from '../api.ts';
import { h } from '../dom.ts';
import { fieldForm } from './account-forms.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Person {
  ID: number;
  Email: string;
  Name: string;
  Role: 'owner' | 'agent';
}

interface Invite {
  ID: number;
  Email: string;
  Role: string;
  ExpiresAt: string;
}

const ROLE_OPTIONS: [string, string][] = [
  ['agent', 'Agent (conversations and leads)'],
  ['owner', 'Owner (everything)'],
];
const PASSWORD_HINT = 'At least 10 characters.';

export function peopleView(ctx: ViewContext): View {
  const owner = ctx.me.Role === 'owner';
  const error = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { role: 'status' });
  const team = h('tbody');
  const invites = h('ul', { class: 'invites' });
  const link = h('div', { class: 'invite-result' });

  const password = fieldForm(
    'pw',
    'Your password',
    [
      { name: 'CurrentPassword', label: 'Current password', type: 'password', autocomplete: 'current-password' },
      {
        name: 'NewPassword',
        label: 'New password',
        type: 'password',
        autocomplete: 'new-password',
        hint: PASSWORD_HINT,
      },
    ],
    'Change password',
    async (v) => {
      const r = await post<{ CsrfToken: string }>('/console/api/me/password', v);
      setCsrf(r.CsrfToken);
      for (const input of password.inputs.values()) input.value = '';
      return 'Password changed. Your other browsers are signed out.';
    },
  );
  const email = fieldForm(
    'em',
    'Your e-mail',
    [
      { name: 'Email', label: 'New e-mail', type: 'email', autocomplete: 'email' },
      { name: 'CurrentPassword', label: 'Current password', type: 'password', autocomplete: 'current-password' },
    ],
    'Change e-mail',
    async (v) => {
      const r = await post<{ Email: string }>('/console/api/me/email', v);
      return `E-mail changed to ${r.Email}; sign in with it from now on.`;
    },
  );

  const invite = fieldForm(
    'inv',
    'Invite someone',
    [
      { name: 'Email', label: 'E-mail', type: 'email', autocomplete: 'off' },
      { name: 'Name', label: 'Name (optional)', autocomplete: 'off' },
      { name: 'Role', label: 'Role', options: ROLE_OPTIONS },
      {
        name: 'Send',
        label: 'Send the link',
        options: [
          ['email', 'By e-mail, and show it here'],
          ['copy', 'Only show it here, to copy and send myself'],
        ],
      },
    ],
    'Invite',
    async (v) => {
      const r = await post<{ Email: string; Link: string; ExpiresAt: string; Emailed: boolean }>(
        '/console/api/invites',
        { ...v, Send: v.Send === 'email' },
      );
      const box = h('input', { id: 'inv-link', type: 'text', readonly: true, value: r.Link, class: 'invite-link' });
      const copy = h('button', { type: 'button' }, 'Copy link');
      copy.addEventListener('click', async () => {
        box.select();
        await navigator.clipboard.writeText(r.Link).catch(() => {});
      });
      const says = r.Emailed
        ? `E-mailed to ${r.Email}. The same link, should the e-mail not arrive (it works once, for 72 hours):`
        : `Send this link to ${r.Email} (it works once, for 72 hours):`;
      link.replaceChildren(h('label', { for: 'inv-link' }, says), h('div', { class: 'actions' }, box, copy));
      (invite.inputs.get('Email') as HTMLInputElement).value = '';
      (invite.inputs.get('Name') as HTMLInputElement).value = '';
      await load();
      return r.Emailed ? `Invitation e-mailed to ${r.Email}.` : 'Invitation created.';
    },
  );
  invite.el.append(link);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    error.textContent = '';
    status.textContent = '';
    try {
      await fn();
      status.textContent = done;
      await load();
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const row = (p: Person, me: Person) => {
    const label = p.Name || p.Email;
    const role = h('select', { id: `role-${p.ID}`, 'aria-label': `Role of ${label}` });
    for (const [value, text] of ROLE_OPTIONS) role.append(h('option', { value, selected: value === p.Role }, text));
    role.addEventListener(
      'change',
      () =>
        void act(() => post(`/console/api/users/${p.ID}/role`, { Role: role.value }), `${label} is now ${role.value}.`),
    );
    const remove = h('button', { type: 'button', class: 'danger', disabled: p.ID === me.ID }, `Remove ${label}`);
    remove.addEventListener('click', () => {
      if (!window.confirm(`Remove ${label} from the workspace? They can no longer sign in.`)) return;
      void act(() => post(`/console/api/users/${p.ID}/remove`), `${label} removed.`);
    });
    return h(
      'tr',
      {},
      h('td', {}, p.Name || '—'),
      h('td', {}, h('a', { href: `mailto:${p.Email}` }, p.Email)),
      h('td', {}, p.ID === me.ID ? 'you' : role),
      h('td', {}, p.ID === me.ID ? '' : remove),
    );
  };

  const load = async () => {
    error.textContent = '';
    if (!owner) return;
    try {
      const [t, open] = await Promise.all([
        get<{ Me: Person; Users: Person[] }>('/console/api/team'),
        get<Invite[]>('/console/api/invites'),
      ]);
      team.replaceChildren(...t.Users.map((p) => row(p, t.Me)));
      invites.replaceChildren(
        ...open.map((i) => {
          const cancel = h('button', { type: 'button', class: 'secondary' }, `Cancel invitation of ${i.Email}`);
          cancel.addEventListener(
            'click',
            () => void act(() => post(`/console/api/invites/${i.ID}/cancel`), `Invitation of ${i.Email} cancelled.`),
          );
          const until = new Date(i.ExpiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
          return h('li', {}, `${i.Email} (${i.Role}), link valid until ${until} `, cancel);
        }),
      );
      if (!open.length) invites.append(h('li', { class: 'muted' }, 'No invitation waiting.'));
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const teamCard = owner
    ? h(
        'div',
        { class: 'card' },
        h('h2', {}, 'Team'),
        h(
          'table',
          { class: 'grid' },
          h(
            'thead',
            {},
            h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'E-mail'), h('th', {}, 'Role'), h('th', {}, 'Actions')),
          ),
          team,
        ),
        h('h2', {}, 'Invitations waiting'),
        invites,
      )
    : null;
  const el = h(
    'section',
    { 'aria-labelledby': 'people-title' },
    h('h1', { id: 'people-title' }, owner ? 'People' : 'Your account'),
    error,
    status,
    teamCard,
    owner ? invite.el : null,
    password.el,
    email.el,
  );
  return { el, refresh: load };
}
