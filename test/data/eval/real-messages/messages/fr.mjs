// French messages (format: see en.mjs). "villa" is read as a single-family house.
const sale = 'for_sale';
const rent = 'for_rent';

export const FR = [
  {
    id: 'fr-domusia-appart',
    setting: 'French',
    assembled: 'example messages of one WhatsApp assistant’s usage table, in the order of its flow',
    turns: [
      ['Bonjour', 'domusia', { small: true, noAnswer: false }],
      ['Je cherche un appartement à Tampa', 'domusia', { search: { city: 'Tampa', kinds: 'APT' } },
        { original: 'Je cherche un appartement à Casablanca', changes: ['ville Casablanca → Tampa'] }],
      ["Le 2 m'intéresse", 'domusia', { ref: { position: 2 }, about: true }, { followUp: true }],
      ['Quels sont les frais de notaire ?', 'domusia', { honest: true }],
    ],
  },
  {
    id: 'fr-domusia-villa',
    setting: 'Auto',
    assembled: 'two example messages of one WhatsApp assistant’s usage table',
    turns: [
      ['Je veux louer une villa à Sacramento max 4000/mois', 'domusia', { search: { city: 'Sacramento', sale: rent, kinds: ['sfr'], maxPrice: 4000 } },
        { original: 'Je veux louer une villa à Marrakech max 20000/mois', changes: ['ville Marrakech → Sacramento', 'loyer 20000 (dirhams) → 4000'] }],
      ['Je veux négocier', 'domusia', { lead: true }, { followUp: true }],
    ],
  },
  {
    id: 'fr-sou001-robot',
    setting: 'French',
    assembled: 'greeting, "are you a bot", thanks and goodbye of one French bot’s training data',
    turns: [
      ['salut', 'sou001', { small: true, noAnswer: false }],
      ['Etes-vous un robot?', 'sou001', { small: true, match: 'IDENTITY', mustNot: 'NOT_HUMAN' }],
      ['merci beaucoup', 'sou001', { small: true, noAnswer: false }],
      ['merci au revoir', 'sou001', { small: true, noAnswer: false }],
    ],
  },
  { id: 'fr-sou001-humain', setting: 'French', turns: [['je parle à un humain?', 'sou001', { small: true, match: 'IDENTITY', mustNot: 'NOT_HUMAN' }]] },
  { id: 'fr-sou001-bonsoir', setting: 'French', turns: [['ok bonsoir merci', 'sou001', { small: true, noAnswer: false }]] },
  { id: 'fr-sou001-journee', setting: 'French', turns: [['bonne journée', 'sou001', { small: true, noAnswer: false }]] },
  { id: 'fr-sou001-aider', setting: 'French', turns: [["ok tu ne peux pas m'aider", 'sou001', { small: true }]] },
  { id: 'fr-sou001-cava', setting: 'French', turns: [['ça va?', 'sou001', { small: true, noAnswer: false }]] },
  { id: 'fr-taniki-coucou', setting: 'French', turns: [['coucou', 'taniki', { small: true, noAnswer: false }]] },
  { id: 'fr-taniki-nuit', setting: 'French', turns: [['bonne nuit', 'taniki', { small: true, noAnswer: false }]] },
];
