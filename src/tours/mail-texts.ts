// What the visitor reads about their showing (e-mails and the SMS reminder), in the chatbot's
// language where Parlor ships one (English, Spanish, French, Portuguese), else English. The
// brokerage's own staff get English, as the console speaks.

export type NoticeKind = 'booked' | 'rescheduled' | 'cancelled' | 'reminder';

export interface TourTexts {
  subject: Record<NoticeKind, string>;
  intro: Record<NoticeKind, string>;
  when: string;
  where: string;
  listing: string;
  manage: string;
  /** What a showing without a listing is. */
  agentCall: string;
  showing: string;
  sms: (when: string, where: string, link: string) => string;
  /** The manage page (the signed link). */
  page: {
    title: string;
    status: { booked: string; cancelled: string };
    cancel: string;
    moveHeading: string;
    noSlots: string;
    addToCalendar: string;
    done: { cancelled: string; rescheduled: string };
    /** Before the reason an action was refused (a slot taken meanwhile). */
    refused: string;
    invalid: string;
    expired: string;
  };
}

const en: TourTexts = {
  subject: {
    booked: 'Your showing is booked',
    rescheduled: 'Your showing has a new time',
    cancelled: 'Your showing is cancelled',
    reminder: 'Reminder: your showing',
  },
  intro: {
    booked: 'Your showing is booked. The invitation is attached: add it to your calendar.',
    rescheduled: 'Your showing has moved to a new time. The updated invitation is attached.',
    cancelled: 'Your showing is cancelled.',
    reminder: 'A reminder of your showing.',
  },
  when: 'When',
  where: 'Where',
  listing: 'Listing',
  manage: 'To cancel or choose another time',
  agentCall: 'A call with an agent',
  showing: 'Showing',
  sms: (when, where, link) => `Reminder: your showing ${where ? `of ${where} ` : ''}is ${when}. Manage it: ${link}`,
  page: {
    title: 'Your showing',
    status: { booked: 'Booked', cancelled: 'Cancelled' },
    cancel: 'Cancel the showing',
    moveHeading: 'Choose another time',
    noSlots: 'No other time is free at the moment.',
    addToCalendar: 'Add to calendar',
    done: { cancelled: 'Your showing is cancelled.', rescheduled: 'Your showing has moved to the new time.' },
    refused: 'It could not be done:',
    invalid: 'This link is not valid.',
    expired: 'This link has expired: the showing it was sent for is over, or has moved (see the newer e-mail).',
  },
};

const es: TourTexts = {
  subject: {
    booked: 'Su visita está reservada',
    rescheduled: 'Su visita tiene una nueva hora',
    cancelled: 'Su visita está cancelada',
    reminder: 'Recordatorio: su visita',
  },
  intro: {
    booked: 'Su visita está reservada. La invitación va adjunta: añádala a su calendario.',
    rescheduled: 'Su visita ha cambiado de hora. La invitación actualizada va adjunta.',
    cancelled: 'Su visita está cancelada.',
    reminder: 'Un recordatorio de su visita.',
  },
  when: 'Cuándo',
  where: 'Dónde',
  listing: 'Propiedad',
  manage: 'Para cancelar o elegir otra hora',
  agentCall: 'Una llamada con un agente',
  showing: 'Visita',
  sms: (when, where, link) => `Recordatorio: su visita ${where ? `a ${where} ` : ''}es el ${when}. Gestiónela: ${link}`,
  page: {
    title: 'Su visita',
    status: { booked: 'Reservada', cancelled: 'Cancelada' },
    cancel: 'Cancelar la visita',
    moveHeading: 'Elegir otra hora',
    noSlots: 'No hay otra hora libre por ahora.',
    addToCalendar: 'Añadir al calendario',
    done: { cancelled: 'Su visita está cancelada.', rescheduled: 'Su visita ha cambiado a la nueva hora.' },
    refused: 'No se pudo hacer:',
    invalid: 'Este enlace no es válido.',
    expired: 'Este enlace ha caducado: la visita ya pasó o cambió de hora (vea el correo más reciente).',
  },
};

const fr: TourTexts = {
  subject: {
    booked: 'Votre visite est réservée',
    rescheduled: 'Votre visite change d’horaire',
    cancelled: 'Votre visite est annulée',
    reminder: 'Rappel : votre visite',
  },
  intro: {
    booked: 'Votre visite est réservée. L’invitation est jointe : ajoutez-la à votre agenda.',
    rescheduled: 'Votre visite a changé d’horaire. L’invitation mise à jour est jointe.',
    cancelled: 'Votre visite est annulée.',
    reminder: 'Un rappel de votre visite.',
  },
  when: 'Quand',
  where: 'Où',
  listing: 'Annonce',
  manage: 'Pour annuler ou choisir un autre horaire',
  agentCall: 'Un appel avec un agent',
  showing: 'Visite',
  sms: (when, where, link) => `Rappel : votre visite ${where ? `de ${where} ` : ''}est le ${when}. Gérer : ${link}`,
  page: {
    title: 'Votre visite',
    status: { booked: 'Réservée', cancelled: 'Annulée' },
    cancel: 'Annuler la visite',
    moveHeading: 'Choisir un autre horaire',
    noSlots: 'Aucun autre horaire n’est libre pour le moment.',
    addToCalendar: 'Ajouter à l’agenda',
    done: { cancelled: 'Votre visite est annulée.', rescheduled: 'Votre visite a changé d’horaire.' },
    refused: 'Impossible :',
    invalid: 'Ce lien n’est pas valide.',
    expired: 'Ce lien a expiré : la visite est passée ou a changé d’horaire (voir le courriel plus récent).',
  },
};

const pt: TourTexts = {
  subject: {
    booked: 'Sua visita está agendada',
    rescheduled: 'Sua visita tem um novo horário',
    cancelled: 'Sua visita foi cancelada',
    reminder: 'Lembrete: sua visita',
  },
  intro: {
    booked: 'Sua visita está agendada. O convite está anexado: adicione-o à sua agenda.',
    rescheduled: 'Sua visita mudou de horário. O convite atualizado está anexado.',
    cancelled: 'Sua visita foi cancelada.',
    reminder: 'Um lembrete da sua visita.',
  },
  when: 'Quando',
  where: 'Onde',
  listing: 'Imóvel',
  manage: 'Para cancelar ou escolher outro horário',
  agentCall: 'Uma chamada com um corretor',
  showing: 'Visita',
  sms: (when, where, link) => `Lembrete: sua visita ${where ? `a ${where} ` : ''}é ${when}. Gerenciar: ${link}`,
  page: {
    title: 'Sua visita',
    status: { booked: 'Agendada', cancelled: 'Cancelada' },
    cancel: 'Cancelar a visita',
    moveHeading: 'Escolher outro horário',
    noSlots: 'Nenhum outro horário está livre no momento.',
    addToCalendar: 'Adicionar à agenda',
    done: { cancelled: 'Sua visita foi cancelada.', rescheduled: 'Sua visita mudou para o novo horário.' },
    refused: 'Não foi possível:',
    invalid: 'Este link não é válido.',
    expired: 'Este link expirou: a visita já passou ou mudou de horário (veja o e-mail mais recente).',
  },
};

const TEXTS: Record<string, TourTexts> = { en, es, fr, pt };

export function tourTexts(locale: string): TourTexts {
  return TEXTS[locale.slice(0, 2)] ?? en;
}
