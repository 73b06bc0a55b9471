import type { Texts, Wanted } from '../texts.ts';

const FEATURE_NAMES: Record<string, string> = {
  pool: 'piscina',
  garage: 'garagem',
  fireplace: 'lareira',
  waterfront: 'frente para a água',
  view: 'vista',
  basement: 'porão',
  balcon: 'varanda',
  furnished: 'mobiliado',
  pet: 'animais permitidos',
};

function describe(w: Wanted, n?: number): string {
  const many = n !== 1;
  const noun = many ? 'imóveis' : 'imóvel';
  const parts = [n === undefined ? noun : `${n} ${noun}`];
  if (w.propertyType) parts.push(`do tipo ${w.propertyType}`);
  if (w.sold) parts.push(many ? 'vendidos' : 'vendido');
  else if (w.saleType) parts.push(w.saleType === 'for_rent' ? 'para alugar' : 'à venda');
  if (w.city) parts.push(`em ${w.city}`);
  const withs: string[] = [];
  if (w.minBedrooms !== undefined && w.minBedrooms === w.maxBedrooms) withs.push(`exatamente ${w.minBedrooms} quartos`);
  else if (w.minBedrooms !== undefined) withs.push(`pelo menos ${w.minBedrooms} quartos`);
  else if (w.maxBedrooms !== undefined) withs.push(`no máximo ${w.maxBedrooms} quartos`);
  if (w.minBathrooms !== undefined && w.minBathrooms === w.maxBathrooms)
    withs.push(`exatamente ${w.minBathrooms} banheiros`);
  else if (w.minBathrooms !== undefined) withs.push(`pelo menos ${w.minBathrooms} banheiros`);
  else if (w.maxBathrooms !== undefined) withs.push(`no máximo ${w.maxBathrooms} banheiros`);
  if (w.features.length) withs.push(w.features.map((f) => FEATURE_NAMES[f] ?? f).join(' e '));
  if (withs.length) parts.push(`com ${withs.join(', ')}`);
  if (w.notFeatures?.length) parts.push(`sem ${w.notFeatures.join(', ')}`);
  if (w.extras?.length) parts.push(...w.extras);
  if (w.minPrice && w.maxPrice) parts.push(`entre ${w.minPrice} e ${w.maxPrice}`);
  else if (w.maxPrice) parts.push(`por até ${w.maxPrice}`);
  else if (w.minPrice) parts.push(`a partir de ${w.minPrice}`);
  return parts.join(' ');
}

const RELAXED = {
  price: 'o limite de preço',
  bedrooms: 'o número de quartos',
  bathrooms: 'o número de banheiros',
  type: 'o tipo de imóvel',
  features: 'as características',
};

export const texts: Texts = {
  describe,
  found: (what) => `Encontrei ${what}.`,
  showing: (shown, total, sort) =>
    shown >= total
      ? total === 1
        ? 'Aqui está:'
        : 'Aqui estão:'
      : sort === 'PriceAsc'
        ? `Estes são os ${shown} de menor preço:`
        : sort === 'PriceDesc'
          ? `Estes são os ${shown} de maior preço:`
          : `Estes são os ${shown} mais recentes:`,
  none: (what) => `Desculpe, não encontrei ${what} no momento.`,
  relax: (what, n) => `Sem ${RELAXED[what]}, temos ${n} ${n === 1 ? 'imóvel' : 'imóveis'}; é só pedir.`,
  count: (what) => `Temos ${what}.`,
  average: (what, mean, low, high) => `O preço médio dos ${what} é ${mean} (de ${low} a ${high}).`,
  median: (what, median, low, high) => `O preço mediano dos ${what} é ${median} (de ${low} a ${high}).`,
  perMonth: '/mês',
  beds: 'quartos',
  baths: 'banheiros',
  status: (s) => (s === 'Sold' ? 'vendido' : s === 'PreOnMarket' ? 'em breve' : 'disponível'),
  detail(field, f) {
    switch (field) {
      case 'price':
        return f.forRent ? `O aluguel é de ${f.price}.` : `O preço é ${f.price}.`;
      case 'hoa':
        return f.hoa === null ? 'Não tem taxa de condomínio (HOA) publicada.' : `A taxa de HOA é de ${f.hoa} por mês.`;
      case 'year':
        return `Foi construído em ${f.year}.`;
      case 'size':
        return `Tem ${f.size} de área útil.`;
      case 'lot':
        return `O terreno mede ${f.lot}${f.lotAcres ? ` (${f.lotAcres} acres)` : ''}.`;
      case 'pricePerArea':
        return f.pricePerArea ? `Sai por ${f.pricePerArea}.` : 'Não é possível calcular o preço por área.';
      case 'zip':
        return f.zip ? `O CEP é ${f.zip}.` : 'O CEP não consta.';
      case 'parking':
        return `Tem ${f.parking} vagas de estacionamento.`;
      case 'bedrooms':
        return `Tem ${f.bedrooms} quartos.`;
      case 'bathrooms':
        return `Tem ${f.bathrooms} banheiros.`;
      case 'daysOnMarket':
        return `Está há ${f.daysOnMarket} ${f.daysOnMarket === '1' ? 'dia' : 'dias'} no mercado.`;
      case 'deposit':
        return f.deposit === null ? 'Não tem caução publicada.' : `A caução é de ${f.deposit}.`;
      case 'address':
        return `Fica em ${f.address}.`;
      case 'features':
        return f.features.length
          ? `Características: ${f.features.map((x) => FEATURE_NAMES[x] ?? x).join(', ')}.`
          : 'Não tem características especiais publicadas.';
      case 'type':
        return `É do tipo ${f.type}.`;
      case 'status':
        return `Situação: ${f.status}.`;
      default:
        return '';
    }
  },
  namedIntro: (n) => (n === 1 ? 'Este é o imóvel:' : `${n} imóveis têm esse endereço:`),
  more: 'Pergunte-me sobre qualquer um deles pelo número MLS, ou posso colocá-lo em contato com um corretor.',
  welcome: 'Olá! Em que posso ajudar você a encontrar um imóvel hoje?',
  thanks: 'De nada! Avise-me se você quiser ver mais imóveis.',
  help: 'Posso buscar nossos imóveis por cidade, preço, quartos, banheiros, tipo e características como piscina ou garagem, contá-los e responder perguntas sobre um imóvel pelo número MLS ou pelo endereço.',
  human:
    'Posso colocá-lo em contato com alguém da nossa equipe. Por favor, informe seu nome e seu e-mail ou telefone, e entraremos em contato.',
  offTopic:
    'Desculpe, não posso ajudar com isso: só respondo perguntas sobre nossas casas e imóveis. Quer que eu o coloque em contato com alguém da nossa equipe?',
  knowledgeSource: (source) => `(Fonte: ${source || 'nossas perguntas frequentes'})`,
  media: (kind) =>
    `Desculpe, não consigo ${kind === 'Image' ? 'ver imagens' : kind === 'Audio' ? 'ouvir áudio' : 'ver vídeos'}. Escreva sua pergunta, ou posso colocá-lo em contato com alguém da nossa equipe.`,
};
