// The qualifying questions the builtin engine asks after taking a lead (QualifyQuestions;
// qualify-turn.ts), one per field, per language, and what it says between them.
import type { QualifyField } from '../../../chatbots/index.ts';
import type { Lang } from '../lexicon.ts';

export interface QualifyTexts {
  ask: Record<QualifyField, string>;
  /** Before the next question, once an answer was noted. */
  noted: string;
  /** After the last answer. */
  thanks: string;
}

const TEXTS: Record<Lang, QualifyTexts> = {
  en: {
    ask: {
      Intent: 'One quick question: are you looking to buy, sell, rent or invest?',
      Timeline:
        'One quick question: when would you like to move — now, in 1–3 months, 3–6 months, 6–12 months, or later?',
      PreApproved: 'One quick question: are you pre-approved for a mortgage (yes or no)?',
      Budget: 'One quick question: what budget do you have in mind?',
      Areas: 'One quick question: which cities or neighbourhoods interest you?',
      PropertyType: 'One quick question: what kind of home — a house, condo, apartment, townhouse or land?',
    },
    noted: 'Thanks, noted.',
    thanks: 'Thanks, noted. Someone from our team will be in touch soon.',
  },
  es: {
    ask: {
      Intent: 'Una pregunta rápida: ¿busca comprar, vender, alquilar o invertir?',
      Timeline:
        'Una pregunta rápida: ¿cuándo le gustaría mudarse: ya, en 1–3 meses, 3–6 meses, 6–12 meses o más adelante?',
      PreApproved: 'Una pregunta rápida: ¿tiene una hipoteca preaprobada (sí o no)?',
      Budget: 'Una pregunta rápida: ¿qué presupuesto tiene en mente?',
      Areas: 'Una pregunta rápida: ¿qué ciudades o barrios le interesan?',
      PropertyType: 'Una pregunta rápida: ¿qué tipo de vivienda: casa, condominio, apartamento, adosado o terreno?',
    },
    noted: 'Gracias, anotado.',
    thanks: 'Gracias, anotado. Alguien de nuestro equipo se pondrá en contacto pronto.',
  },
  fr: {
    ask: {
      Intent: 'Une petite question : vous souhaitez acheter, vendre, louer ou investir ?',
      Timeline:
        'Une petite question : quand aimeriez-vous déménager — tout de suite, dans 1–3 mois, 3–6 mois, 6–12 mois, ou plus tard ?',
      PreApproved: 'Une petite question : avez-vous un accord de principe pour votre prêt (oui ou non) ?',
      Budget: 'Une petite question : quel budget avez-vous en tête ?',
      Areas: 'Une petite question : quelles villes ou quels quartiers vous intéressent ?',
      PropertyType:
        'Une petite question : quel type de bien — maison, condo, appartement, maison de ville ou terrain ?',
    },
    noted: 'Merci, c’est noté.',
    thanks: 'Merci, c’est noté. Quelqu’un de notre équipe vous contactera bientôt.',
  },
  pt: {
    ask: {
      Intent: 'Uma pergunta rápida: quer comprar, vender, alugar ou investir?',
      Timeline:
        'Uma pergunta rápida: quando gostaria de se mudar — já, em 1–3 meses, 3–6 meses, 6–12 meses ou mais tarde?',
      PreApproved: 'Uma pergunta rápida: já tem o financiamento pré-aprovado (sim ou não)?',
      Budget: 'Uma pergunta rápida: que orçamento tem em mente?',
      Areas: 'Uma pergunta rápida: que cidades ou bairros lhe interessam?',
      PropertyType: 'Uma pergunta rápida: que tipo de imóvel — casa, condomínio, apartamento, sobrado ou terreno?',
    },
    noted: 'Obrigado, anotado.',
    thanks: 'Obrigado, anotado. Alguém da nossa equipe entrará em contato em breve.',
  },
};

export function qualifyTextsFor(lang: Lang): QualifyTexts {
  return TEXTS[lang];
}
