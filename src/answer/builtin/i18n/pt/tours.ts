// What the builtin engine says in Portuguese while booking a showing (i18n/tour-texts.ts).
import type { TourTexts } from '../tour-texts.ts';

export const tours: TourTexts = {
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
