// Portuguese: which facts of one listing a question asks for.
import type { Vocabulary } from '../types.ts';

export const details = {
  detailFields: {
    lot: ['terreno'],
    hoa: ['taxa de condominio'],
    year: ['ano', 'construid[ao]', 'construcao'],
    size: ['tamanho', 'metragem', 'metros'],
    parking: ['vagas?', 'estacionamento'],
    bedrooms: ['quartos?', 'dormitorios?'],
    bathrooms: ['banheiros?'],
    daysOnMarket: ['dias no mercado', 'quanto tempo'],
    deposit: ['caucao', 'deposito'],
    address: ['endereco', 'onde fica'],
    zip: ['cep', 'codigo postal'],
    pricePerArea: ['preco (por|do) (metro quadrado|m2)'],
    features: ['piscina'],
    type: ['tipo'],
    status: ['disponivel', 'vendid[oa]', 'ainda'],
    price: ['vale', 'preco', 'custa', 'quanto'],
    description: ['descricao', 'fale (mais )?sobre'],
  },
  detailReadAs: {},
  priceNamed: ['preco', 'aluguel'],
} satisfies Partial<Vocabulary>;
