// Knowledge: a chatbot's sources (GetSource) with their status; its text and Q&A list;
// documents (uploaded through the API's pre-upload URL), web pages and a sitemap added, read
// again and removed. Everything goes through EditKnowledge (the API's checks and messages).
import { ApiError, post } from '../api.ts';
import { field, h } from '../dom.ts';
import { errorText, type View, type ViewContext } from './view.ts';

interface Source {
  ID: number;
  Type: string;
  Name: string;
  Value: string;
  Length: number;
  Status: number;
  StatusMessage: string;
  SiteMap?: boolean;
  EnableSyncSiteMap?: boolean;
  SyncSiteMapDays?: number | null;
}

const STATUS = ['', 'processing', 'ready', 'failed'];

export function knowledgeView(ctx: ViewContext): View {
  const pick = h('select', { id: 'k-bot' });
  for (const b of ctx.me.Chatbots) pick.append(h('option', { value: b.SerialNumber }, b.Name));
  const table = h('table', { class: 'grid' });
  const text = h('textarea', { id: 'k-text', rows: '10', maxlength: '200000' });
  const qaList = h('ol', { class: 'qa', 'aria-label': 'Questions and answers' });
  const add = h('button', { type: 'button' }, 'Add a question');
  const save = h('button', { type: 'submit' }, 'Save knowledge');
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });

  const qaRow = (key = '', value = '') => {
    const n = qaList.children.length + 1;
    const q = h('input', { type: 'text', maxlength: '1000', 'aria-label': `Question ${n}`, value: key });
    const a = h('textarea', { rows: '2', maxlength: '5000', 'aria-label': `Answer ${n}` });
    a.value = value;
    const remove = h('button', { type: 'button', 'aria-label': `Remove question ${n}` }, 'Remove');
    const li = h('li', { class: 'field' }, q, a, remove);
    remove.addEventListener('click', () => li.remove());
    qaList.append(li);
  };
  add.addEventListener('click', () => qaRow());

  let sources: Source[] = [];
  const fileIds = () => sources.filter((s) => s.Type === 'FileList').map((s) => Number(s.Value));
  const pages = () => sources.filter((s) => s.Type === 'UrlList' && !s.SiteMap).map((s) => ({ url: s.Value }));
  /** One EditKnowledge call; the table is read again after it (and while anything is processing). */
  const edit = async (change: Record<string, unknown>, done: string) => {
    error.textContent = '';
    status.textContent = '';
    try {
      await post('/chat/Chatbot/EditKnowledge', { serialNumber: pick.value, ...change });
      await load(false);
      status.textContent = done;
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  };
  const actions = (s: Source) => {
    if (s.Type !== 'FileList' && s.Type !== 'UrlList') return h('td');
    const again = h('button', { type: 'button', 'aria-label': `Read ${s.Name} again` }, 'Read again');
    const remove = h('button', { type: 'button', 'aria-label': `Remove ${s.Name}` }, 'Remove');
    again.hidden = s.Type === 'FileList';
    again.addEventListener(
      'click',
      () =>
        void edit(
          s.SiteMap
            ? { SiteMapUrl: s.Value }
            : { websiteList: pages().map((p) => ({ ...p, retrain: p.url === s.Value })) },
          'Reading it again.',
        ),
    );
    remove.addEventListener('click', () => {
      if (s.Type === 'FileList') void edit({ fileList: fileIds().filter((id) => id !== Number(s.Value)) }, 'Removed.');
      else if (s.SiteMap) void edit({ SiteMapUrl: null }, 'Removed.');
      else void edit({ websiteList: pages().filter((p) => p.url !== s.Value) }, 'Removed.');
    });
    return h('td', {}, again, ' ', remove);
  };
  let poll: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  /** Reads the sources; `forms` false (a background re-read) leaves what is being typed alone. */
  const load = async (forms = true) => {
    error.textContent = '';
    clearTimeout(poll);
    if (!pick.value) return;
    try {
      sources = await post<Source[]>('/chat/Chatbot/GetSource', { serialNumber: pick.value });
      // Documents and pages are read in the background: look again until none is processing.
      if (!disposed && sources.some((s) => s.Status === 1)) poll = setTimeout(() => void load(false), 2000);
      table.replaceChildren(
        h(
          'thead',
          {},
          h('tr', {}, ...['Type', 'Name', 'Characters', 'Status', ''].map((c) => h('th', { scope: 'col' }, c))),
        ),
        h(
          'tbody',
          {},
          ...sources.map((s) =>
            h(
              'tr',
              {},
              h('td', {}, s.Type),
              h('td', {}, s.Name),
              h('td', { class: 'num' }, s.Length.toLocaleString()),
              h('td', {}, STATUS[s.Status] ?? String(s.Status), s.StatusMessage ? ` — ${s.StatusMessage}` : ''),
              actions(s),
            ),
          ),
        ),
      );
      if (!sources.length) table.append(h('caption', {}, 'No knowledge yet.'));
      if (!forms) return;
      const map = sources.find((s) => s.SiteMap);
      sitemapUrl.value = map?.Value ?? '';
      sync.checked = map?.EnableSyncSiteMap ?? false;
      syncDays.value = String(map?.SyncSiteMapDays ?? 7);
      text.value = sources.find((s) => s.Type === 'Text')?.Value ?? '';
      qaList.replaceChildren();
      const qa = sources.find((s) => s.Type === 'QAList');
      for (const e of qa ? (JSON.parse(qa.Value) as { key: string; value: string }[]) : []) qaRow(e.key, e.value);
    } catch (x) {
      error.textContent = errorText(x);
    }
  };

  const form = h(
    'form',
    { class: 'settings', 'aria-label': 'Knowledge' },
    field('k-text', 'About the brokerage (text; "# Heading" lines start sections)', text),
    h('h2', {}, 'Questions and answers'),
    qaList,
    h('div', { class: 'actions' }, add, save),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    status.textContent = '';
    const list = Array.from(qaList.querySelectorAll('li')).map((li) => ({
      key: (li.querySelector('input') as HTMLInputElement).value,
      value: (li.querySelector('textarea') as HTMLTextAreaElement).value,
    }));
    try {
      await post('/chat/Chatbot/EditKnowledge', {
        serialNumber: pick.value,
        text: text.value,
        qaList: list.filter((x) => x.key.trim() || x.value.trim()),
      });
      await load();
      status.textContent = 'Saved.';
    } catch (x) {
      error.textContent = x instanceof ApiError ? x.message : errorText(x);
    }
  });
  pick.addEventListener('change', () => void load());

  // Documents: the API's pre-upload URL, then the bytes, then the document joins the list.
  const file = h('input', { id: 'k-file', type: 'file', accept: '.pdf,.docx,.txt,.md,.html,.htm,.csv' });
  const upload = h('button', { type: 'button' }, 'Add the document');
  upload.addEventListener('click', async () => {
    const chosen = file.files?.[0];
    error.textContent = '';
    if (!chosen) {
      error.textContent = 'Choose a document first.';
      return;
    }
    try {
      status.textContent = 'Uploading…';
      const url = await post<{ FileStoreId: string; PreUploadUrl: string }>('/chat/User/GetPreUploadUrl', {
        fileName: chosen.name,
      });
      const put = await fetch(url.PreUploadUrl, { method: 'PUT', body: chosen });
      if (!put.ok) {
        const body = (await put.json().catch(() => null)) as { Message?: string } | null;
        throw new ApiError(put.status, body?.Message ?? `the upload failed (${put.status})`);
      }
      file.value = '';
      await edit({ fileList: [...fileIds(), Number(url.FileStoreId)] }, 'Added: it is being read.');
    } catch (x) {
      status.textContent = '';
      error.textContent = errorText(x);
    }
  });
  const pageUrl = h('input', { id: 'k-page', type: 'url', maxlength: '2048', placeholder: 'https://' });
  const addPage = h('button', { type: 'button' }, 'Add the page');
  addPage.addEventListener('click', () => {
    if (pageUrl.value.trim())
      void edit({ websiteList: [...pages(), { url: pageUrl.value.trim() }] }, 'Added: it is being read.');
    pageUrl.value = '';
  });
  const sitemapUrl = h('input', {
    id: 'k-sitemap',
    type: 'url',
    maxlength: '2048',
    placeholder: 'https://…/sitemap.xml',
  });
  const sync = h('input', { id: 'k-sync', type: 'checkbox' });
  const syncDays = h('select', { id: 'k-sync-days', 'aria-label': 'Read it again every' });
  for (const d of [1, 7, 30]) syncDays.append(h('option', { value: String(d) }, d === 1 ? 'day' : `${d} days`));
  const saveMap = h('button', { type: 'button' }, 'Save the sitemap');
  saveMap.addEventListener(
    'click',
    () =>
      void edit(
        {
          // Sent only when it changed: given again, a sitemap is read again.
          ...(sitemapUrl.value.trim() !== (sources.find((x) => x.SiteMap)?.Value ?? '')
            ? { SiteMapUrl: sitemapUrl.value.trim() || null }
            : {}),
          EnableSyncSiteMap: sync.checked,
          SyncSiteMapDays: Number(syncDays.value),
        },
        sitemapUrl.value.trim() ? 'Saved: its pages are being read.' : 'Removed.',
      ),
  );
  const sourcesForm = h(
    'div',
    { class: 'settings' },
    h('h2', {}, 'Documents and web pages'),
    field('k-file', 'A document (PDF, DOCX, text, Markdown, HTML, CSV; up to 20 MB)', file),
    h('div', { class: 'actions' }, upload),
    field('k-page', 'A web page', pageUrl),
    h('div', { class: 'actions' }, addPage),
    field('k-sitemap', 'A sitemap (its pages on the same site are read)', sitemapUrl),
    h('div', { class: 'field check' }, sync, h('label', { for: 'k-sync' }, 'Read it again every'), syncDays),
    h('div', { class: 'actions' }, saveMap),
  );

  const el = h(
    'section',
    { 'aria-labelledby': 'knowledge-title' },
    h('h1', { id: 'knowledge-title' }, 'Knowledge'),
    h(
      'p',
      { class: 'muted' },
      'What the chatbot knows about your brokerage: it answers visitors from it and names the source.',
    ),
    h('div', { class: 'filters' }, field('k-bot', 'Chatbot', pick)),
    table,
    status,
    error,
    sourcesForm,
    form,
  );
  return {
    el,
    refresh: () => load(),
    dispose: () => {
      disposed = true;
      clearTimeout(poll);
    },
  };
}
