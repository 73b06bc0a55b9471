// The qualifying questions (QualifyQuestions; docs/crm.md): after the builtin engine takes a
// lead it asks the first field of the chatbot's list that the lead does not know yet, one
// question at a time. Each reply that answers is written to the lead (AnswerRequest.qualifyLead)
// and the next unknown field is asked; a reply that does not answer ends the questions for good.
// No field is asked twice, and never one outside the list.
import type { QualifyField, Settings } from '../../chatbots/index.ts';
import type { AnswerOutcome, AnswerRequest } from '../engine.ts';
import type { Qualification } from '../qualification.ts';
import { type ConversationState, loadState, saveState } from './conversation.ts';
import { answerLanguage, qualifyTextsFor } from './i18n/index.ts';
import { detectLanguage, type Lang } from './lexicon.ts';
import { knows, readAnswer } from './qualify-answer.ts';
import { withoutInjection } from './small-talk.ts';

/** The first field of the list neither asked yet nor known; null when none is left. */
export function nextQuestion(
  settings: Pick<Settings, 'QualifyQuestions'>,
  known: Partial<Qualification>,
  asked: readonly QualifyField[],
): QualifyField | null {
  const list = Array.isArray(settings.QualifyQuestions) ? settings.QualifyQuestions : [];
  return list.find((f) => !asked.includes(f) && !knows(known, f)) ?? null;
}

/** Right after a lead is taken (lead-turn.ts): asks the first question, if the chatbot has any. */
export function startQualifying(
  req: AnswerRequest,
  state: ConversationState,
  say: (line: string) => void,
  lang: Lang,
  known: Partial<Qualification>,
): void {
  if (!req.qualifyLead) return;
  const next = nextQuestion(req.chatbot.settings, known, []);
  if (!next) return;
  say(qualifyTextsFor(lang).ask[next]);
  state.qualify = { asking: next, asked: [next] };
}

/**
 * A message while the session waits for a person: the reply to the qualifying question asked,
 * or null when no question waits (or this message does not answer it: the waiting notice follows).
 */
export async function qualifyReply(
  req: AnswerRequest,
  onText: (fragment: string) => void,
): Promise<AnswerOutcome | null> {
  const state = await loadState(req.conversation);
  const asking = state.qualify?.asking;
  if (!asking || !state.qualify || !req.qualifyLead) return null;
  const asked = state.qualify.asked;
  const original = req.question.askType === 'Text' ? withoutInjection(req.question.content).text : '';
  const cities = original ? await req.listings.cities().catch(() => []) : [];
  const said = original ? readAnswer(original, asking, { now: req.now, cities }) : {};
  if (!knows(said, asking)) {
    state.qualify = { asking: null, asked };
    await saveState(req.conversation, state);
    return null;
  }
  const questionLang = detectLanguage(original, state.lang);
  state.lang = questionLang;
  const t = qualifyTextsFor(answerLanguage(req.chatbot.settings.AIResponseLanguage, questionLang));
  const known = await req.qualifyLead(said);
  const next = nextQuestion(req.chatbot.settings, known, asked);
  onText(next ? `${t.noted} ${t.ask[next]}` : t.thanks);
  state.qualify = next ? { asking: next, asked: [...asked, next] } : { asking: null, asked };
  await saveState(req.conversation, state);
  return { noAnswer: false };
}
