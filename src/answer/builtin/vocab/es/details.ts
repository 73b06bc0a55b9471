// Spanish: which facts of one listing a question asks for.
import type { Vocabulary } from '../types.ts';

export const details = {
  detailFields: {
    lot: ['terreno', 'parcela'],
    hoa: ['cuota', 'mantenimiento'],
    year: ['construid[ao]', 'construccion', 'ano', 'antiguedad'],
    size: ['tamano', 'metros', 'pies', 'superficie', 'que tan grande'],
    parking: ['estacionamientos?', 'aparcamientos?', 'plazas?'],
    bedrooms: ['habitacion(es)?', 'dormitorios?', 'recamaras?'],
    bathrooms: ['banos?'],
    daysOnMarket: ['dias en el mercado', 'cuanto tiempo'],
    deposit: ['deposito', 'fianza'],
    address: ['direccion', 'donde (esta|queda)'],
    zip: ['codigo postal'],
    pricePerArea: ['precio (por|del) (metro|pie) cuadrado', 'precio (por|del) m2'],
    features: ['caracteristicas', 'piscina', 'chimenea'],
    type: ['tipo'],
    status: ['disponible', 'vendid[oa]', 'todavia'],
    price: ['precio', 'cuesta', 'cuanto', 'vale'],
    description: ['descripcion', 'cuentame'],
  },
  detailReadAs: {},
  priceNamed: ['precio'],
} satisfies Partial<Vocabulary>;
