// Contact details in a message: a lead handed to a person (talkToHuman), or the question that
// gets what is missing (a name, a phone number or email that reads right).
import { DEFAULT_SETTINGS } from '../../chatbots/index.ts';
import type { AnswerRequest } from '../engine.ts';
import type { Lang, Say } from './answers.ts';
import { contactOf, looksLikePhone } from './contact.ts';
import type { ConversationState } from './conversation.ts';
import type { Lang as LangCode } from './lexicon.ts';
import { volunteered } from './qualification-reader.ts';
import { startQualifying } from './qualify-turn.ts';
import { done, type Turn } from './turn.ts';

/**
 * The turn when the message gives contact details (or a phone number that does not read);
 * else null.
 */
export async function leadTurn(
  req: AnswerRequest,
  l: Lang,
  say: Say,
  original: string,
  state: ConversationState,
  lang: LangCode,
): Promise<Turn | null> {
  const { contact } = contactOf(original);
  if (!contact) {
    if (looksLikePhone(original)) {
      say(l.talk.askContactAgain);
      return done(true);
    }
    return null;
  }
  if (contact.invalid && !contact.phone && !contact.email) {
    say(l.talk.askContactAgain);
    return done(true);
  }
  if (!contact.name) {
    say(l.talk.askName);
    return done(true);
  }
  if (!req.talkToHuman) {
    say(l.t.human);
    return done(false);
  }
  const qualification = await volunteered(req, original);
  const confirmation = await req.talkToHuman({
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    message: original.slice(0, 2000),
    qualification,
  });
  // The brokerage's own TalkToHumanResponseMessage; its default is English, so in another
  // language the engine says the same in the visitor's words.
  const own = req.chatbot.settings.TalkToHumanResponseMessage;
  const custom = own && own !== DEFAULT_SETTINGS.TalkToHumanResponseMessage ? own : '';
  say(
    custom || (confirmation !== DEFAULT_SETTINGS.TalkToHumanResponseMessage ? confirmation : '') || l.talk.leadRecorded,
  );
  startQualifying(req, state, say, lang, qualification);
  return done(true);
}
