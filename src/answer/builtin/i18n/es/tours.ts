// What the builtin engine says in Spanish while booking a showing (i18n/tour-texts.ts).
import type { TourTexts } from '../tour-texts.ts';

export const tours: TourTexts = {
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
