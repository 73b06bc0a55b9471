// The note a visitor sees after an answer the provider cut off at its length limit, in the
// chatbot's answer language (AIResponseLanguage; for Auto, the question's language).
import { detectLanguage } from '../builtin/lexicon.ts';

const CUT_OFF: Record<string, string> = {
  english: '[This answer was cut off here: it reached the length limit. Ask me to continue if you need the rest.]',
  spanish:
    '[Esta respuesta se cortó aquí porque alcanzó el límite de longitud. Pídame que continúe si necesita el resto.]',
  french:
    '[Cette réponse a été coupée ici : elle a atteint la limite de longueur. Demandez-moi de continuer si vous voulez la suite.]',
  german:
    '[Diese Antwort wurde hier abgeschnitten, weil sie die Längengrenze erreicht hat. Bitten Sie mich fortzufahren, wenn Sie den Rest brauchen.]',
  portuguese:
    '[Esta resposta foi cortada aqui porque atingiu o limite de tamanho. Peça-me para continuar se precisar do resto.]',
  italian:
    '[Questa risposta è stata interrotta qui perché ha raggiunto il limite di lunghezza. Chiedimi di continuare se ti serve il resto.]',
};

const AUTO: Record<string, string> = { en: 'english', es: 'spanish', fr: 'french' };

/** The cut-off note for a chatbot answering in `language` (a setting value such as "Spanish" or "Auto"). */
export function cutOffNote(language: string, question: string): string {
  let key = language.trim().toLowerCase();
  if (!key || key === 'auto') key = AUTO[detectLanguage(question)] ?? 'english';
  return CUT_OFF[key] ?? CUT_OFF.english ?? '';
}
