// What is not a question about homes but still deserves a polite answer: who the assistant
// is, goodbyes, and instructions smuggled into a message ("ignore your instructions…",
// "SYSTEM: …"), which are dropped, never followed: the rest of the message, if any, is
// answered as usual.

import { alternation, conceptRe, type Phrases, type Vocabulary } from './vocab/index.ts';

export type SmallTalk = 'whoAmI' | 'bye';

const WHO_AM_I_RE = conceptRe((v) => v.whoAmI);
const BYE_RE = new RegExp(`^(?:${alternation((v) => v.okay)}[, ]+)?${alternation((v) => v.bye)}\\b`);

export function smallTalkOf(normalized: string): SmallTalk | null {
  const t = normalized.replace(/^[¿¡\s]+/, '').trim();
  if (WHO_AM_I_RE.test(t)) return 'whoAmI';
  if (BYE_RE.test(t) && t.split(/\s+/).length <= 8) return 'bye';
  return null;
}

const words = (pick: (i: Vocabulary['injection']) => Phrases) => alternation((v) => pick(v.injection));
const INJECTION_RE = new RegExp(
  [
    `\\b${words((i) => i.ignore)}\\b.{0,40}\\b${words((i) => i.instructions)}\\b`,
    `^\\s*${words((i) => i.roles)}\\s*:`,
    `\\b${words((i) => i.reveal)}\\b.{0,20}\\b${words((i) => i.revealed)}\\b`,
    `\\b${words((i) => i.phrases)}\\b`,
  ].join('|'),
  'i',
);

/**
 * The message without the sentences that try to instruct the assistant, and whether there
 * were any. A sentence ends at . ! ? or a line break.
 */
export function withoutInjection(original: string): { text: string; injected: boolean } {
  const sentences = original.match(/[^.!?\n]+[.!?]*\s*/g) ?? [original];
  const kept = sentences.filter((s) => !INJECTION_RE.test(s));
  if (kept.length === sentences.length) return { text: original, injected: false };
  return { text: kept.join('').trim(), injected: true };
}
