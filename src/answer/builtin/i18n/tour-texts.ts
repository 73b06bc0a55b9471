// What the builtin engine says while booking a showing, per language. Slot labels arrive
// already written in the visitor's language by the TourDesk ("Sat, Nov 7, 9:00 AM",
// "sáb, 7 nov, 9:00"). Portuguese is here too: it answers once the engine reads Portuguese.
import type { TourLang } from '../tour-when.ts';

export interface TourTexts {
  /** Before the list of free slots; `address` is "" for a call with an agent. */
  offer(address: string): string;
  /** The time asked is free (it is the first in the list that follows). */
  free(label: string): string;
  /** The time asked is not free, or not a showing time; the nearest free ones follow. */
  notFree(label: string): string;
  /** Nothing is free on the day or part of the day asked; the nearest free ones follow. */
  noneThen: string;
  pick: string;
  askContact(label: string): string;
  askName: string;
  askReach: string;
  booked(label: string, address: string, manageUrl: string, email: string): string;
  /** The slot was taken between the offer and the booking; the free ones follow. */
  justTaken(label: string): string;
  /** Another refusal, quoted as the desk gave it; the free ones follow when there are. */
  refused(reason: string): string;
  /** No slot is free in the days searched. */
  unavailable: string;
  /** After a refusal or no slot: the way to a person. */
  leaveContact: string;
}

const en: TourTexts = {
  offer: (address) => (address ? `Free times to see ${address}:` : 'Free times to meet an agent:'),
  free: (label) => `${label} is free.`,
  notFree: (label) => `${label} is not available. The nearest free times:`,
  noneThen: 'Nothing is free then. The nearest free times:',
  pick: 'Which one suits you? Tell me its number or its time.',
  askContact: (label) => `To book ${label}, what is your name, and an email or a phone number?`,
  askName: 'And your name, please?',
  askReach: 'And an email or a phone number for the confirmation?',
  booked: (label, address, url, email) =>
    `You’re booked${address ? ` to see ${address}` : ' with an agent'} on ${label}. ` +
    (email ? `A confirmation with a calendar invitation is on its way to ${email}. ` : '') +
    `To cancel or choose another time: ${url}`,
  justTaken: (label) => `Sorry, ${label} was just taken. The free times now:`,
  refused: (reason) => `I couldn’t book that: ${reason}.`,
  unavailable: 'No showing time is free in the coming days.',
  leaveContact: 'Leave your name and a phone number or email, and an agent will arrange it with you.',
};

const es: TourTexts = {
  offer: (address) =>
    address ? `Horarios libres para ver ${address}:` : 'Horarios libres para reunirse con un agente:',
  free: (label) => `${label} está libre.`,
  notFree: (label) => `${label} no está disponible. Los horarios libres más cercanos:`,
  noneThen: 'No hay nada libre en ese momento. Los horarios libres más cercanos:',
  pick: '¿Cuál le conviene? Dígame su número o su hora.',
  askContact: (label) => `Para reservar ${label}, ¿cuál es su nombre y un correo o un teléfono?`,
  askName: '¿Y su nombre, por favor?',
  askReach: '¿Y un correo o un teléfono para la confirmación?',
  booked: (label, address, url, email) =>
    `Queda reservada su visita${address ? ` a ${address}` : ' con un agente'} el ${label}. ` +
    (email ? `Le enviamos una confirmación con una invitación de calendario a ${email}. ` : '') +
    `Para cancelar o elegir otro horario: ${url}`,
  justTaken: (label) => `Lo siento, ${label} acaba de ocuparse. Los horarios libres ahora:`,
  refused: (reason) => `No pude reservarlo: ${reason}.`,
  unavailable: 'No hay horarios de visita libres en los próximos días.',
  leaveContact: 'Déjenos su nombre y un teléfono o correo, y un agente la organizará con usted.',
};

const fr: TourTexts = {
  offer: (address) =>
    address ? `Créneaux libres pour visiter ${address} :` : 'Créneaux libres pour rencontrer un agent :',
  free: (label) => `${label} est libre.`,
  notFree: (label) => `${label} n’est pas disponible. Les créneaux libres les plus proches :`,
  noneThen: 'Rien n’est libre à ce moment-là. Les créneaux libres les plus proches :',
  pick: 'Lequel vous convient ? Donnez-moi son numéro ou son heure.',
  askContact: (label) => `Pour réserver ${label}, quel est votre nom, et un e-mail ou un téléphone ?`,
  askName: 'Et votre nom, s’il vous plaît ?',
  askReach: 'Et un e-mail ou un téléphone pour la confirmation ?',
  booked: (label, address, url, email) =>
    `Votre visite${address ? ` de ${address}` : ' avec un agent'} est réservée le ${label}. ` +
    (email ? `Une confirmation avec une invitation d’agenda part à ${email}. ` : '') +
    `Pour annuler ou choisir un autre créneau : ${url}`,
  justTaken: (label) => `Désolé, ${label} vient d’être pris. Les créneaux libres maintenant :`,
  refused: (reason) => `Je n’ai pas pu réserver : ${reason}.`,
  unavailable: 'Aucun créneau de visite n’est libre dans les prochains jours.',
  leaveContact: 'Laissez votre nom et un téléphone ou un e-mail, et un agent l’organisera avec vous.',
};

const pt: TourTexts = {
  offer: (address) =>
    address ? `Horários livres para ver ${address}:` : 'Horários livres para falar com um corretor:',
  free: (label) => `${label} está livre.`,
  notFree: (label) => `${label} não está disponível. Os horários livres mais próximos:`,
  noneThen: 'Não há nada livre nesse momento. Os horários livres mais próximos:',
  pick: 'Qual prefere? Diga-me o número ou o horário.',
  askContact: (label) => `Para reservar ${label}, qual é o seu nome, e um e-mail ou um telefone?`,
  askName: 'E o seu nome, por favor?',
  askReach: 'E um e-mail ou um telefone para a confirmação?',
  booked: (label, address, url, email) =>
    `Sua visita${address ? ` a ${address}` : ' com um corretor'} está marcada para ${label}. ` +
    (email ? `Uma confirmação com um convite de calendário vai para ${email}. ` : '') +
    `Para cancelar ou escolher outro horário: ${url}`,
  justTaken: (label) => `Desculpe, ${label} acabou de ser reservado. Os horários livres agora:`,
  refused: (reason) => `Não consegui reservar: ${reason}.`,
  unavailable: 'Não há horários de visita livres nos próximos dias.',
  leaveContact: 'Deixe seu nome e um telefone ou e-mail, e um corretor combinará com você.',
};

const TOUR_TEXTS: Record<TourLang, TourTexts> = { en, es, fr, pt };

export function tourTextsFor(lang: string): TourTexts {
  return TOUR_TEXTS[lang as TourLang] ?? en;
}

/** The language chrono reads dates in: the answer's, English for any other. */
export function tourLangOf(lang: string): TourLang {
  return lang in TOUR_TEXTS ? (lang as TourLang) : 'en';
}
