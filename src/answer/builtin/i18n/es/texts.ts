import type { Texts, Wanted } from '../texts.ts';

const FEATURE_NAMES: Record<string, string> = {
  pool: 'piscina',
  garage: 'garaje',
  fireplace: 'chimenea',
  waterfront: 'frente al agua',
  view: 'vista',
  basement: 'sótano',
  balcon: 'balcón',
  furnished: 'amueblado',
  pet: 'mascotas permitidas',
};

function describe(w: Wanted, n?: number): string {
  const many = n !== 1;
  const noun = many ? 'propiedades' : 'propiedad';
  const parts = [n === undefined ? noun : `${n} ${noun}`];
  if (w.propertyType) parts.push(`de tipo ${w.propertyType}`);
  if (w.sold) parts.push(many ? 'vendidas' : 'vendida');
  else if (w.saleType) parts.push(w.saleType === 'for_rent' ? 'en alquiler' : 'en venta');
  if (w.city) parts.push(`en ${w.city}`);
  const withs: string[] = [];
  if (w.minBedrooms !== undefined && w.minBedrooms === w.maxBedrooms)
    withs.push(`exactamente ${w.minBedrooms} habitaciones`);
  else if (w.minBedrooms !== undefined) withs.push(`al menos ${w.minBedrooms} habitaciones`);
  else if (w.maxBedrooms !== undefined) withs.push(`como máximo ${w.maxBedrooms} habitaciones`);
  if (w.minBathrooms !== undefined && w.minBathrooms === w.maxBathrooms)
    withs.push(`exactamente ${w.minBathrooms} baños`);
  else if (w.minBathrooms !== undefined) withs.push(`al menos ${w.minBathrooms} baños`);
  else if (w.maxBathrooms !== undefined) withs.push(`como máximo ${w.maxBathrooms} baños`);
  if (w.features.length) withs.push(w.features.map((f) => FEATURE_NAMES[f] ?? f).join(' y '));
  if (withs.length) parts.push(`con ${withs.join(', ')}`);
  if (w.notFeatures?.length) parts.push(`sin ${w.notFeatures.join(', ')}`);
  if (w.extras?.length) parts.push(...w.extras);
  if (w.minPrice && w.maxPrice) parts.push(`entre ${w.minPrice} y ${w.maxPrice}`);
  else if (w.maxPrice) parts.push(`por hasta ${w.maxPrice}`);
  else if (w.minPrice) parts.push(`desde ${w.minPrice}`);
  return parts.join(' ');
}

const RELAXED = {
  price: 'el límite de precio',
  bedrooms: 'el número de habitaciones',
  bathrooms: 'el número de baños',
  type: 'el tipo de propiedad',
  features: 'las características',
};

export const texts: Texts = {
  describe,
  found: (what) => `Encontré ${what}.`,
  showing: (shown, total, sort) =>
    shown >= total
      ? total === 1
        ? 'Aquí está:'
        : 'Aquí están:'
      : sort === 'PriceAsc'
        ? `Estas son las ${shown} de menor precio:`
        : sort === 'PriceDesc'
          ? `Estas son las ${shown} de mayor precio:`
          : `Estas son las ${shown} más recientes:`,
  none: (what) => `Lo siento, no encontré ${what} en este momento.`,
  relax: (what, n) => `Sin ${RELAXED[what]}, tenemos ${n} ${n === 1 ? 'propiedad' : 'propiedades'}; solo pídamelo.`,
  count: (what) => `Tenemos ${what}.`,
  average: (what, mean, low, high) => `El precio promedio de las ${what} es ${mean} (de ${low} a ${high}).`,
  median: (what, median, low, high) => `El precio mediano de las ${what} es ${median} (de ${low} a ${high}).`,
  perMonth: '/mes',
  beds: 'habitaciones',
  baths: 'baños',
  status: (s) => (s === 'Sold' ? 'vendida' : s === 'PreOnMarket' ? 'próximamente' : 'disponible'),
  detail(field, f) {
    switch (field) {
      case 'price':
        return f.forRent ? `El alquiler es de ${f.price}.` : `El precio es ${f.price}.`;
      case 'hoa':
        return f.hoa === null ? 'No tiene cuota de HOA publicada.' : `La cuota de HOA es de ${f.hoa} al mes.`;
      case 'year':
        return `Fue construida en ${f.year}.`;
      case 'size':
        return `Tiene ${f.size} de superficie habitable.`;
      case 'lot':
        return `El terreno mide ${f.lot}${f.lotAcres ? ` (${f.lotAcres} acres)` : ''}.`;
      case 'pricePerArea':
        return f.pricePerArea ? `Sale a ${f.pricePerArea}.` : 'No se puede calcular su precio por superficie.';
      case 'zip':
        return f.zip ? `El código postal es ${f.zip}.` : 'No figura el código postal.';
      case 'parking':
        return `Tiene ${f.parking} plazas de estacionamiento.`;
      case 'bedrooms':
        return `Tiene ${f.bedrooms} habitaciones.`;
      case 'bathrooms':
        return `Tiene ${f.bathrooms} baños.`;
      case 'daysOnMarket':
        return `Lleva ${f.daysOnMarket} ${f.daysOnMarket === '1' ? 'día' : 'días'} en el mercado.`;
      case 'deposit':
        return f.deposit === null ? 'No tiene depósito publicado.' : `El depósito es de ${f.deposit}.`;
      case 'address':
        return `Está en ${f.address}.`;
      case 'features':
        return f.features.length
          ? `Características: ${f.features.map((x) => FEATURE_NAMES[x] ?? x).join(', ')}.`
          : 'No tiene características especiales publicadas.';
      case 'type':
        return `Es de tipo ${f.type}.`;
      case 'status':
        return `Estado: ${f.status}.`;
      default:
        return '';
    }
  },
  namedIntro: (n) => (n === 1 ? 'Esta es la propiedad:' : `${n} propiedades tienen esa dirección:`),
  more: 'Pregúnteme por cualquiera de ellas con su número MLS, o puedo ponerle en contacto con un agente.',
  welcome: '¡Hola! ¿Cómo puedo ayudarle a encontrar casa hoy?',
  thanks: '¡De nada! Avíseme si quiere ver más propiedades.',
  help: 'Puedo buscar nuestras propiedades por ciudad, precio, habitaciones, baños, tipo y características como piscina o garaje, contarlas y responder preguntas sobre una propiedad por su número MLS o su dirección.',
  human:
    'Puedo ponerle en contacto con alguien de nuestro equipo. Por favor, indíquenos su nombre y su correo o teléfono, y le contactarán.',
  offTopic:
    'Lo siento, no puedo ayudarle con eso: solo respondo preguntas sobre nuestras casas y propiedades. ¿Quiere que le ponga en contacto con alguien de nuestro equipo?',
  knowledgeSource: (source) => `(Fuente: ${source || 'nuestras preguntas frecuentes'})`,
  media: (kind) =>
    `Lo siento, no puedo ${kind === 'Image' ? 'ver imágenes' : kind === 'Audio' ? 'escuchar audio' : 'ver videos'}. Escriba su pregunta, o puedo ponerle en contacto con alguien de nuestro equipo.`,
};
