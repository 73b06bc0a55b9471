// What is not a question about homes but still deserves a polite answer: who the assistant
// is, goodbyes, and instructions smuggled into a message ("ignore your instructions…",
// "SYSTEM: …"), which are dropped, never followed: the rest of the message, if any, is
// answered as usual.

export type SmallTalk = 'whoAmI' | 'bye';

const WHO_AM_I_RE =
  /^(hi |hello |hey )?(who|what) (are|r) (you|u)\b|\bare (you|u) (a |an )?(real |actual )?(person|human|bot|robot|ai|machine|computer|agent)\b|\b(am i )?(talking|chatting|speaking) (to|with) (a |an )?(real )?(person|human|bot|robot|machine)\b|\bquien eres\b|\beres (un |una )?(bot|robot|persona|humano|ia)\b|\bqui etes[- ]vous\b|\bqui es[- ]tu\b|\betes[- ]vous (un )?(robot|humain|bot)\b|\bes[- ]tu (un )?(robot|humain|bot)\b|\b(je parle|parle[- ]je|hablo|estoy hablando|estou falando|falo) (a|avec|con|com) (un |una |um |uma )?(vrai |real |de verdad )?(humain|robot|bot|machine|persona|humano|robo|maquina|pessoa)\b|\b(voce|vc) e (um |uma )?(robo|bot|pessoa|humano|ia)\b|\bquem e voce\b/;
const BYE_RE =
  /^(ok(ay)?[, ]+)?(bye|goodbye|good bye|see (you|ya)|have a (good|nice|great) (one|day|night|evening|weekend)|take care|later|adios|hasta (luego|pronto|manana)|chao|ciao|au revoir|a bientot|bonne (journee|soiree|nuit)|(i )?(gotta|got to|have to|need to|must) (go|run)|i'?m (leaving|off)|tengo que irme|me tengo que ir|je dois (y aller|partir|filer)|tchau|ate (logo|mais|amanha)|(tenho|preciso) (que |de )?ir)\b/;

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
