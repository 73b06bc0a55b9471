// The qualifying questions in Spanish (i18n/qualify-texts.ts).
import type { QualifyTexts } from '../qualify-texts.ts';

export const qualify: QualifyTexts = {
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
};
