// The page behind a showing's manage link: the showing, "add to calendar", a button to cancel
// and one per free slot to move to. Plain HTML forms (no script), so it works in any browser a
// visitor opens from an e-mail; the forms post to the link's own paths (manage-routes.ts).
import { escapeHtml, htmlPage, PAGE_STYLE } from '../http/html-page.ts';
import type { SlotRecord } from './labels.ts';
import { slotLabel } from './labels.ts';
import { tourTexts } from './mail-texts.ts';
import type { Managed } from './manage.ts';

const STYLE = `${PAGE_STYLE}
table{border-collapse:collapse;margin:12px 0}th{text-align:left;padding:4px 16px 4px 0;color:#475569}
.notice{background:#dcfce7;padding:10px 14px;border-radius:8px}.error{background:#fee2e2;padding:10px 14px;border-radius:8px}
button{font:inherit;padding:8px 14px;border-radius:8px;border:1px solid #94a3b8;background:#fff;cursor:pointer;margin:4px 6px 4px 0}
button.cancel{border-color:#b91c1c;color:#b91c1c}.slots{display:flex;flex-wrap:wrap}`;

export interface PageState {
  token: string;
  calendarUrl: string;
  /** What was just done, to say so at the top. */
  done?: 'cancelled' | 'rescheduled';
  /** Why the last action was refused (a slot taken meanwhile). */
  error?: string;
  slots: SlotRecord[];
}

export function managePage(m: Managed, state: PageState): string {
  const a = m.appointment;
  const t = tourTexts(a.locale);
  const name = m.chatbot.settings.Name;
  const rows: [string, string][] = [
    [t.when, slotLabel(Date.parse(a.start_at), m.chatbot.settings.TimeZone, a.locale)],
    [t.where, a.address || t.agentCall],
    [t.listing, a.listing_url],
    [t.page.title, a.status === 'booked' ? t.page.status.booked : t.page.status.cancelled],
  ];
  const table = rows
    .filter(([, v]) => v)
    .map(([k, v]) => {
      const value = /^https?:\/\//.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v);
      return `<tr><th>${escapeHtml(k)}</th><td>${value}</td></tr>`;
    })
    .join('');
  const base = `/tours/manage/${encodeURIComponent(state.token)}`;
  const upcoming = a.status === 'booked';
  const actions = upcoming
    ? `<p><a href="${escapeHtml(state.calendarUrl)}">${escapeHtml(t.page.addToCalendar)}</a></p>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">${escapeHtml(t.page.cancel)}</button></form>
<h2>${escapeHtml(t.page.moveHeading)}</h2>
${
  state.slots.length
    ? `<form method="post" action="${base}/reschedule" class="slots">${state.slots
        .map((s) => `<button type="submit" name="Start" value="${escapeHtml(s.Start)}">${escapeHtml(s.Label)}</button>`)
        .join('')}</form>`
    : `<p>${escapeHtml(t.page.noSlots)}</p>`
}`
    : '';
  const notice = state.done ? `<p class="notice" role="status">${escapeHtml(t.page.done[state.done])}</p>` : '';
  const reason = state.error?.replace(/^\w+: /, '');
  const error = reason ? `<p class="error" role="alert">${escapeHtml(`${t.page.refused} ${reason}`)}</p>` : '';
  return htmlPage(
    `${t.page.title} — ${name}`,
    STYLE,
    `<header><h1>${escapeHtml(name)}</h1></header><main>${notice}${error}<h2>${escapeHtml(t.page.title)}</h2>
<table>${table}</table>${actions}</main>`,
  );
}

/** The page of a link that does not work: not valid, or expired. */
export function refusedPage(expired: boolean, locale = 'en'): string {
  const t = tourTexts(locale);
  return htmlPage(
    t.page.title,
    STYLE,
    `<header><h1>${escapeHtml(t.page.title)}</h1></header><main><p class="error" role="alert">${escapeHtml(
      expired ? t.page.expired : t.page.invalid,
    )}</p></main>`,
  );
}
