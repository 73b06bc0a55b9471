import type { Texts, Wanted } from '../texts.ts';

const FEATURE_NAMES: Record<string, string> = {
  pool: 'piscine',
  garage: 'garage',
  fireplace: 'cheminée',
  waterfront: "bord de l'eau",
  view: 'vue',
  basement: 'sous-sol',
  balcon: 'balcon',
  furnished: 'meublé',
  pet: 'animaux acceptés',
};

function describe(w: Wanted, n?: number): string {
  const many = n !== 1;
  const noun = many ? 'biens' : 'bien';
  const parts = [n === undefined ? noun : `${n} ${noun}`];
  if (w.propertyType) parts.push(`de type ${w.propertyType}`);
  if (w.sold) parts.push(many ? 'vendus' : 'vendu');
  else if (w.saleType) parts.push(w.saleType === 'for_rent' ? 'à louer' : 'à vendre');
  if (w.city) parts.push(`à ${w.city}`);
  const withs: string[] = [];
  if (w.minBedrooms !== undefined && w.minBedrooms === w.maxBedrooms)
    withs.push(`exactement ${w.minBedrooms} chambres`);
  else if (w.minBedrooms !== undefined) withs.push(`au moins ${w.minBedrooms} chambres`);
  else if (w.maxBedrooms !== undefined) withs.push(`au plus ${w.maxBedrooms} chambres`);
  if (w.minBathrooms !== undefined && w.minBathrooms === w.maxBathrooms)
    withs.push(`exactement ${w.minBathrooms} salles de bain`);
  else if (w.minBathrooms !== undefined) withs.push(`au moins ${w.minBathrooms} salles de bain`);
  else if (w.maxBathrooms !== undefined) withs.push(`au plus ${w.maxBathrooms} salles de bain`);
  if (w.features.length) withs.push(w.features.map((f) => FEATURE_NAMES[f] ?? f).join(' et '));
  if (withs.length) parts.push(`avec ${withs.join(', ')}`);
  if (w.notFeatures?.length) parts.push(`sans ${w.notFeatures.join(', ')}`);
  if (w.extras?.length) parts.push(...w.extras);
  if (w.minPrice && w.maxPrice) parts.push(`entre ${w.minPrice} et ${w.maxPrice}`);
  else if (w.maxPrice) parts.push(`jusqu'à ${w.maxPrice}`);
  else if (w.minPrice) parts.push(`à partir de ${w.minPrice}`);
  return parts.join(' ');
}

const RELAXED = {
  price: 'la limite de prix',
  bedrooms: 'le nombre de chambres',
  bathrooms: 'le nombre de salles de bain',
  type: 'le type de bien',
  features: 'les équipements',
};

export const texts: Texts = {
  describe,
  found: (what) => `J'ai trouvé ${what}.`,
  showing: (shown, total, sort) =>
    shown >= total
      ? total === 1
        ? 'Le voici :'
        : 'Les voici :'
      : sort === 'PriceAsc'
        ? `Voici les ${shown} moins chers :`
        : sort === 'PriceDesc'
          ? `Voici les ${shown} plus chers :`
          : `Voici les ${shown} plus récents :`,
  none: (what) => `Désolé, je n'ai trouvé aucun résultat pour : ${what}.`,
  relax: (what, n) => `Sans ${RELAXED[what]}, il y a ${n} ${n === 1 ? 'bien' : 'biens'} ; il suffit de demander.`,
  count: (what) => `Nous avons ${what}.`,
  average: (what, mean, low, high) => `Le prix moyen des ${what} est de ${mean} (de ${low} à ${high}).`,
  median: (what, median, low, high) => `Le prix médian des ${what} est de ${median} (de ${low} à ${high}).`,
  perMonth: '/mois',
  beds: 'ch.',
  baths: 'sdb',
  status: (s) => (s === 'Sold' ? 'vendu' : s === 'PreOnMarket' ? 'bientôt disponible' : 'disponible'),
  detail(field, f) {
    switch (field) {
      case 'price':
        return f.forRent ? `Le loyer est de ${f.price}.` : `Le prix est de ${f.price}.`;
      case 'hoa':
        return f.hoa === null
          ? "Aucuns frais d'association indiqués."
          : `Les frais d'association (HOA) sont de ${f.hoa} par mois.`;
      case 'year':
        return `Il a été construit en ${f.year}.`;
      case 'size':
        return `Il offre ${f.size} de surface habitable.`;
      case 'lot':
        return `Le terrain fait ${f.lot}${f.lotAcres ? ` (${f.lotAcres} acres)` : ''}.`;
      case 'pricePerArea':
        return f.pricePerArea
          ? `Cela fait ${f.pricePerArea}.`
          : 'Son prix par unité de surface ne peut pas être calculé.';
      case 'zip':
        return f.zip ? `Le code postal est ${f.zip}.` : "Le code postal n'est pas indiqué.";
      case 'parking':
        return `Il dispose de ${f.parking} places de parking.`;
      case 'bedrooms':
        return `Il a ${f.bedrooms} chambres.`;
      case 'bathrooms':
        return `Il a ${f.bathrooms} salles de bain.`;
      case 'daysOnMarket':
        return `Il est sur le marché depuis ${f.daysOnMarket} ${f.daysOnMarket === '1' ? 'jour' : 'jours'}.`;
      case 'deposit':
        return f.deposit === null ? 'Aucun dépôt de garantie indiqué.' : `Le dépôt de garantie est de ${f.deposit}.`;
      case 'address':
        return `Il se trouve au ${f.address}.`;
      case 'features':
        return f.features.length
          ? `Équipements : ${f.features.map((x) => FEATURE_NAMES[x] ?? x).join(', ')}.`
          : 'Aucun équipement particulier indiqué.';
      case 'type':
        return `C'est un bien de type ${f.type}.`;
      case 'status':
        return `Statut : ${f.status}.`;
      default:
        return '';
    }
  },
  namedIntro: (n) => (n === 1 ? 'Voici ce bien :' : `${n} biens correspondent à cette adresse :`),
  more: "Demandez-moi des détails sur l'un d'eux avec son numéro MLS, ou je peux vous mettre en relation avec un agent.",
  welcome: 'Bonjour ! Comment puis-je vous aider à trouver un logement ?',
  thanks: "Avec plaisir ! Dites-moi si vous souhaitez voir d'autres biens.",
  help: 'Je peux chercher nos biens par ville, prix, chambres, salles de bain, type et équipements comme une piscine ou un garage, les compter, et répondre aux questions sur un bien par son numéro MLS ou son adresse.',
  human:
    "Je peux vous mettre en relation avec quelqu'un de notre équipe. Indiquez votre nom et votre e-mail ou téléphone, et on vous recontactera.",
  offTopic:
    "Désolé, je ne peux pas vous aider pour cela : je réponds seulement aux questions sur nos biens immobiliers. Voulez-vous que je vous mette en relation avec quelqu'un de notre équipe ?",
  knowledgeSource: (source) => `(Source : ${source || 'notre FAQ'})`,
  media: (kind) =>
    `Désolé, je ne peux pas ${kind === 'Image' ? 'voir les images' : kind === 'Audio' ? "écouter l'audio" : 'regarder les vidéos'}. Écrivez votre question, ou je peux vous mettre en relation avec quelqu'un de notre équipe.`,
};
