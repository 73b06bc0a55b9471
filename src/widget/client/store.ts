// The conversation lives in the browser: sessionStorage when the chatbot says to forget it
// when the browser closes (RemoveChatLogOnBrowserClose), localStorage otherwise.
import type { Card } from './cards.ts';
import type { TourCard } from './tour-data.ts';

export interface ChatLine {
  /** bot: the chatbot's answer; agent: a person's reply. */
  role: 'user' | 'bot' | 'agent';
  text: string;
  /** For an agent's reply: the name they gave themselves, when they did. */
  author?: string;
  /** An answer's listing cards, so that a reload shows them again. */
  listings?: Card[];
  /** The showing slots offered or the showing booked (an answer's Tour, or a booking made here). */
  tour?: TourCard;
  /** An answer's message ID (its thumbs rate it) and the visitor's rating of it, once given. */
  answerId?: number;
  rated?: 'up' | 'down';
}

export interface Saved {
  sessionId: number;
  sessionKey: string;
  lines: ChatLine[];
  /** The last agent reply shown (its message ID), so that a reload fetches only later ones. */
  agentAfter?: number;
}

function area(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings, sandboxed frame)
  }
}

export class ChatStore {
  private readonly key: string;
  private kind: 'session' | 'local' = 'local';

  constructor(serialNumber: string) {
    this.key = `parlor-chat:${serialNumber}`;
  }

  /** Whatever an earlier page kept, from either storage (the rule may have changed since). */
  load(): Saved | null {
    for (const kind of ['session', 'local'] as const) {
      const raw = area(kind)?.getItem(this.key);
      if (!raw) continue;
      try {
        return JSON.parse(raw) as Saved;
      } catch {
        area(kind)?.removeItem(this.key);
      }
    }
    return null;
  }

  /** Applies the chatbot's rule: keeps the conversation only in the storage it allows. */
  use(forgetOnClose: boolean): void {
    this.kind = forgetOnClose ? 'session' : 'local';
    area(forgetOnClose ? 'local' : 'session')?.removeItem(this.key);
  }

  save(s: Saved): void {
    try {
      area(this.kind)?.setItem(this.key, JSON.stringify(s));
    } catch {
      // full or blocked: the chat still works, it just isn't kept
    }
  }

  /** True the first time per browser (ChatbotPopupOnce). */
  firstPopup(): boolean {
    const flag = `${this.key}:popped`;
    const local = area('local');
    if (!local || local.getItem(flag)) return false;
    local.setItem(flag, '1');
    return true;
  }
}
