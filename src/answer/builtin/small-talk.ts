// What is not a question about homes but still deserves a polite answer: who the assistant
// is, goodbyes, and instructions smuggled into a message ("ignore your instructions…",
// "SYSTEM: …"), which are dropped, never followed: the rest of the message, if any, is
// answered as usual.

import { alternation, conceptRe } from './vocab/index.ts';

export type SmallTalk = 'whoAmI' | 'bye';

const WHO_AM_I_RE = conceptRe((v) => v.whoAmI);
const BYE_RE = new RegExp(`^(?:${alternation((v) => v.okay)}[, ]+)?${alternation((v) => v.bye)}\\b`);

export function smallTalkOf(normalized: string): SmallTalk | null {
  const t = normalized.replace(/^[¿¡\s]+/, '').trim();
  if (WHO_AM_I_RE.test(t)) return 'whoAmI';
  if (BYE_RE.test(t) && t.split(/\s+/).length <= 8) return 'bye';
  return null;
}

const INJECTION_RE =
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|everything|above|previous|prompt|guidelines|system)\b|^\s*(system|assistant|developer)\s*:|\bnew instructions?\b|\b(print|show|reveal|repeat|output)\b.{0,20}\b(system )?prompt\b|\b(reply|respond|answer|say) only with\b|\bfrom now on\b|\bpretend (to be|you are)\b|\bact as\b|\byou are now\b|\bignora (tus|las) instrucciones\b|\bignore[sz]? (vos|tes|les) instructions\b/i;

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
