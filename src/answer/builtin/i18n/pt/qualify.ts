// The qualifying questions in Portuguese (i18n/qualify-texts.ts).
import type { QualifyTexts } from '../qualify-texts.ts';

export const qualify: QualifyTexts = {
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
};
