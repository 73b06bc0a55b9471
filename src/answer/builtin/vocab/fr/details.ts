// French: which facts of one listing a question asks for.
import type { Vocabulary } from '../types.ts';

export const details = {
  detailFields: {
    lot: ['terrain'],
    hoa: ['charges', 'copropriete', 'syndic'],
    year: ['annee', 'construit(e)?'],
    size: ['superficie', 'surface', 'taille'],
    parking: ['stationnement', 'places?'],
    bedrooms: ['chambres?'],
    bathrooms: ['salles? de bains?', "salles? d'eau"],
    daysOnMarket: ['depuis combien', 'jours'],
    deposit: ['depot de garantie', 'caution'],
    address: ['adresse', 'ou (est|se trouve)', 'situe\\w*'],
    zip: ['code postal'],
    pricePerArea: ['prix (au|du|par) (metre carre|m2|pied carre)'],
    features: ['piscine', 'cheminee', 'equipements?'],
    type: ['type de', 'quel type'],
    status: ['disponible', 'vendu(e)?', 'encore'],
    price: ['prix', 'coute', 'combien', 'loyer'],
    description: ['descris', 'parle[sz]?(-moi)? de'],
  },
  detailReadAs: {},
  priceNamed: ['prix', 'loyer'],
} satisfies Partial<Vocabulary>;
