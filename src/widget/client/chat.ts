// The conversation: questions (typed, suggested, image, voice), streamed answers with their
// listing cards and showing slots, the talk-to-human form, and the transcript kept in the browser.
import { type Api, ApiError, type AskRequest, type WidgetConfig } from './api.ts';
import { type Card, cardList, cardStrip } from './cards.ts';
import { h } from './dom.ts';
import { leadForm } from './lead-form.ts';
import type { Shell } from './panel.ts';
import { ratingBar } from './rating.ts';
import { type Recording, startRecording } from './recorder.ts';
import type { ChatLine, ChatStore } from './store.ts';
import { renderText } from './text.ts';
import { showTour, type TourUi } from './tour-card.ts';
import { tourCard } from './tour-data.ts';

/** A dropped subscription is retried after 2 s, doubling up to a minute. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;
/** A server's Retry-After is honoured up to this long. */
const RETRY_CAP_MS = 15 * 60_000;
/** Answers after which a subscription is not retried: the session is not this visitor's. */
const STOP_ON = [401, 403, 404];

export function wirePanel(s: Shell, onOpen: () => void): { open(): void; close(): void } {
  const setOpen = (open: boolean) => {
    s.panel.hidden = !open;
    s.bubble.setAttribute('aria-expanded', String(open));
    s.bubble.setAttribute('aria-label', open ? 'Close chat' : (s.panel.getAttribute('aria-label') ?? 'Chat'));
    if (open) onOpen();
    else s.bubble.focus();
  };
  s.bubble.addEventListener('click', () => setOpen(s.panel.hidden));
  s.close.addEventListener('click', () => setOpen(false));
  s.panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key === 'Tab') keepTabInside(s.panel, e);
  });
  return { open: () => setOpen(true), close: () => setOpen(false) };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/** Tab from the panel's last control goes to its first, Shift+Tab from the first to the last. */
function keepTabInside(panel: HTMLElement, e: KeyboardEvent): void {
  const shown = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
  const first = shown[0];
  const last = shown.at(-1);
  if (!first || !last) return;
  const active = (panel.getRootNode() as Document | ShadowRoot).activeElement;
  if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

export function startChat(
  s: Shell,
  api: Api,
  cfg: WidgetConfig,
  store: ChatStore,
  lines: ChatLine[],
  agentAfter: number,
): void {
  let busy = false;
  let lastAgent = agentAfter;
  const scroll = () => {
    s.body.scrollTop = s.body.scrollHeight;
  };
  const line = (role: ChatLine['role'], text: string, extra = '') => {
    const li = h('li', { class: `msg ${role} ${extra}`.trim() });
    renderText(li, text);
    s.log.append(li);
    scroll();
    return li;
  };
  /** A person's reply, labelled as such (with their name when they gave one). */
  const agentLine = (text: string, author?: string) => {
    const li = line('agent', text);
    li.prepend(h('span', { class: 'who' }, author ? `${author} · agent` : 'Agent'));
    return li;
  };
  /** An answer's cards; opening one is counted for the chatbot's analytics (best effort). */
  const showCards = (listings: unknown, answerId?: number) => {
    const opened = (c: Card) => {
      if (answerId && c.ID) api.openListing(answerId, c.ID).catch(() => {});
    };
    const strip = cardStrip(cardList(listings), api.base, opened);
    if (strip) s.log.append(strip);
  };
  const keep = (l: ChatLine) => {
    lines.push(l);
    store.save({ sessionId: cfg.SessionID, sessionKey: cfg.SessionKey, lines, agentAfter: lastAgent });
    s.chips.hidden = true;
  };
  const tours: TourUi = {
    api,
    append: (el) => {
      s.log.append(el);
      scroll();
    },
    keep: (tour) => keep({ role: 'bot', text: '', tour }),
  };
  const save = () => store.save({ sessionId: cfg.SessionID, sessionKey: cfg.SessionKey, lines, agentAfter: lastAgent });
  const showThumbs = (l: ChatLine) => {
    if (!l.answerId) return;
    s.log.append(
      ratingBar(api, l.answerId, l.rated, (r) => {
        l.rated = r;
        save();
      }),
    );
  };
  const showTourOf = (value: unknown) => {
    const card = tourCard(value);
    if (card) showTour(tours, card);
  };

  if (cfg.WelcomeMessage) line('bot', cfg.WelcomeMessage);
  for (const l of lines) {
    // A line of its own only with text: a booking made here keeps just its card.
    if (l.text) {
      if (l.role === 'agent') agentLine(l.text, l.author);
      else line(l.role, l.text);
    }
    showCards(l.listings, l.answerId);
    showTourOf(l.tour);
    showThumbs(l);
  }
  scroll();
  if (lines.length) s.chips.hidden = true;

  const ask = async (shown: string, q: AskRequest | (() => Promise<AskRequest>)) => {
    if (busy) return;
    busy = true;
    line('user', shown);
    keep({ role: 'user', text: shown });
    const li = line('bot', '', 'pending');
    li.setAttribute('aria-busy', 'true');
    try {
      const request = typeof q === 'function' ? await q() : q;
      const answer = await api.ask(request, (text) => {
        renderText(li, text);
        scroll();
      });
      // With a person on the conversation the chatbot does not answer: nothing to show.
      // It also means a person took the conversation over: follow their replies.
      if (!answer.text && !answer.listings.length && !answer.tour) {
        li.remove();
        follow();
        return;
      }
      renderText(li, answer.text);
      showCards(answer.listings, answer.id);
      if (answer.tour) showTour(tours, answer.tour);
      // The answer took the visitor's contact details: a person's reply may come any moment.
      if (answer.waiting) follow();
      const kept: ChatLine = {
        role: 'bot',
        text: answer.text,
        ...(answer.listings.length ? { listings: answer.listings } : {}),
        ...(answer.tour ? { tour: answer.tour } : {}),
        ...(answer.id ? { answerId: answer.id } : {}),
      };
      keep(kept);
      showThumbs(kept);
    } catch (x) {
      li.classList.add('error');
      renderText(li, x instanceof ApiError ? x.message : 'The chat is unreachable right now. Please try again.');
    } finally {
      li.classList.remove('pending');
      li.removeAttribute('aria-busy');
      scroll();
      busy = false;
    }
  };

  s.chips.addEventListener('click', (e) => {
    const chip = (e.target as Element).closest('.chip');
    if (chip?.textContent) void ask(chip.textContent, { content: chip.textContent });
  });
  s.ask.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = s.input.value.trim();
    if (!text || busy) return;
    s.input.value = '';
    void ask(text, { content: text });
  });

  const { imageButton, imageInput, micButton } = s;
  if (imageButton && imageInput) {
    imageButton.addEventListener('click', () => imageInput.click());
    imageInput.addEventListener('change', () => {
      const file = imageInput.files?.[0];
      imageInput.value = '';
      if (!file) return;
      const text = s.input.value.trim();
      s.input.value = '';
      void ask(`📷 ${file.name}${text ? `\n${text}` : ''}`, async () => ({
        content: text,
        chatAskType: 'Image',
        fileIds: [await api.upload(file, file.name)],
      }));
    });
  }
  if (micButton) wireMic(micButton, api, ask);

  // While a person is involved (after a handoff by the form or within an answer, or once an
  // agent replied), a subscription brings their replies; it ends when the conversation is handed back to the chatbot.
  let following: AbortController | null = null;
  const follow = () => {
    if (following) return;
    const controller = new AbortController();
    following = controller;
    const loop = async () => {
      let wait = RETRY_FIRST_MS;
      while (!controller.signal.aborted) {
        const opened = Date.now();
        try {
          await api.subscribe(
            lastAgent,
            (e) => {
              for (const m of e.Messages) {
                lastAgent = Math.max(lastAgent, m.ID);
                agentLine(m.Content, m.Author);
                keep({ role: 'agent', text: m.Content, ...(m.Author ? { author: m.Author } : {}) });
              }
              if (e.Mode === 'bot') controller.abort();
            },
            controller.signal,
          );
          wait = RETRY_FIRST_MS;
        } catch (err) {
          // A session that is gone or not this visitor's will not come back: stop.
          if (err instanceof ApiError && STOP_ON.includes(err.code)) break;
          // A stream that ran a while was healthy: start the backoff again.
          if (Date.now() - opened > RETRY_MAX_MS) wait = RETRY_FIRST_MS;
          if (err instanceof ApiError && err.retryAfter) wait = Math.max(wait, err.retryAfter * 1000);
        }
        if (controller.signal.aborted) break;
        await new Promise((r) => setTimeout(r, Math.min(wait, RETRY_CAP_MS)));
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
      if (following === controller) following = null;
    };
    void loop();
  };
  if (cfg.SessionMode !== 'bot') follow();

  const form = leadForm(
    async (lead) => {
      const message = await api.talkToHuman(lead);
      line('bot', message);
      keep({ role: 'bot', text: message });
      follow();
    },
    () => {
      s.ask.hidden = false;
      s.human.focus();
    },
    Array.isArray(cfg.QualifyQuestions) ? cfg.QualifyQuestions : [],
  );
  s.panel.insertBefore(form.el, s.ask.nextSibling);
  s.human.addEventListener('click', () => {
    s.ask.hidden = true;
    form.open();
  });
}

type Ask = (shown: string, q: () => Promise<AskRequest>) => Promise<void>;

/** Click to start recording, click again to send it as an Audio question. */
function wireMic(button: HTMLButtonElement, api: Api, ask: Ask): void {
  let recording: Recording | null = null;
  button.addEventListener('click', async () => {
    if (!recording) {
      try {
        // The elapsed time shows that the microphone is live.
        recording = await startRecording((sec) => {
          button.textContent = `● ${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
        });
        button.textContent = '● 0:00';
        button.setAttribute('aria-pressed', 'true');
        button.setAttribute('aria-label', 'Stop and send the voice question');
      } catch {
        button.setAttribute('aria-label', 'Microphone unavailable');
      }
      return;
    }
    const r = recording;
    recording = null;
    button.textContent = '🎤';
    button.setAttribute('aria-pressed', 'false');
    button.setAttribute('aria-label', 'Record a voice question');
    await ask('🎤 Voice question', async () => ({
      content: '',
      chatAskType: 'Audio',
      fileIds: [await api.upload(await r.stop(), 'question.wav')],
    }));
  });
}
