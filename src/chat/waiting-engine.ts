// The answer while a session waits for a person after a handoff (sessions.mode 'human'):
// the question is still stored and counted by chat/ask.ts, and this fixed notice is the
// answer, so the visitor is not left without a reply and the model does not talk over the
// person who is about to. Resume (POST /chat/Chat/Resume) sets the session back to 'bot'.
import type { AnswerEngine } from '../answer/index.ts';

const NOTICES: Record<string, string> = {
  English: 'A person from our team will reply to you here soon; I have passed your message on to them.',
  Spanish: 'Una persona de nuestro equipo le responderá aquí pronto; le he pasado su mensaje.',
  French: 'Une personne de notre équipe va vous répondre ici bientôt ; je lui ai transmis votre message.',
  German: 'Eine Person aus unserem Team antwortet Ihnen hier bald; ich habe Ihre Nachricht weitergeleitet.',
  Portuguese: 'Uma pessoa da nossa equipe responderá aqui em breve; encaminhei a sua mensagem.',
  Italian: 'Una persona del nostro team ti risponderà qui a breve; ho inoltrato il tuo messaggio.',
};

export function waitingNotice(language: string): string {
  return NOTICES[language] ?? NOTICES.English ?? '';
}

export const waitingEngine: AnswerEngine = {
  name: 'handoff',
  async answer(req, onText) {
    onText(waitingNotice(req.chatbot.settings.AIResponseLanguage));
    return { noAnswer: false };
  },
};

/**
 * The waiting notice, unless the chatbot's own engine has its reply while the session waits
 * (the builtin engine's qualifying questions after the lead it took).
 */
export function waitingEngineOver(own: AnswerEngine): AnswerEngine {
  const whileWaiting = own.whileWaiting;
  if (!whileWaiting) return waitingEngine;
  return {
    name: waitingEngine.name,
    async answer(req, onText) {
      return (await whileWaiting.call(own, req, onText)) ?? waitingEngine.answer(req, onText);
    },
  };
}

/**
 * The answer while a person is with the visitor (sessions.mode 'agent'): nothing. The
 * question is stored and shows in the console at once; the person answers it.
 */
export const withPersonEngine: AnswerEngine = {
  name: 'person',
  async answer() {
    return { noAnswer: false };
  },
};
