// What the builtin engine says in French while booking a showing (i18n/tour-texts.ts).
import type { TourTexts } from '../tour-texts.ts';

export const tours: TourTexts = {
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
