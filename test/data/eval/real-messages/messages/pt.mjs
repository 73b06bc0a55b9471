// Portuguese messages (format: see en.mjs). "casa(s)" is read as the Spanish "casas" (every type
// but land), "apartamento" as apartments or condos, "imóvel/imóveis" as properties (land too).
const sale = 'for_sale';

export const PT = [
  {
    id: 'pt-notifier-flow',
    setting: 'Portuguese',
    turns: [
      ['Olá', 'notifier', { small: true, noAnswer: false }],
      ['Comprar imóvel', 'notifier', { search: { sale } }],
      ['4 quartos', 'notifier', { search: { sale, minBeds: 4 } }, { followUp: true }],
      ['Sim, a segurança do bairro é uma prioridade para mim.', 'notifier', { honest: true }, { followUp: true }],
      ['Sim, pretendo financiar o imóvel', 'notifier', { honest: true }, { followUp: true }],
      ['Meu e-mail é exemplo@email.com', 'notifier', { lead: true }, { followUp: true }],
    ],
    omitted: ['"1" (a menu choice of a price band)', '"Gostaria de um terreno espaçoso" (a lot described only as spacious)'],
  },
  {
    id: 'pt-mbras-interest',
    setting: 'Portuguese',
    turns: [
      ['Me fale sobre o 224855023', 'mbras', { about: '224855023' }, { original: 'Me fale sobre o MB12345', changes: ['código MB12345 → MLS 224855023 (2718 Broadway, Sacramento)'] }],
      ['Qual o preço do 224855023?', 'mbras', { value: '224855023', field: 'price' }, { original: 'Qual o preço do MB12345?', changes: ['MB12345 → 224855023'] }],
      ['Quantos metros tem o 224855023?', 'mbras', { value: '224855023', field: 'area' }, { original: 'Quantos metros tem o MB12345?', changes: ['MB12345 → 224855023'] }],
    ],
    omitted: ['"Em que andar fica o MB12345?" (a fact no listing has, asked about a named listing: no check in the conventions)'],
  },
  {
    id: 'pt-izaqueu-buy',
    setting: 'Portuguese',
    assembled: 'examples of successive intents of one bot’s training data (comprar, tipo_imovel, contato)',
    turns: [
      ['quero comprar um imovel', 'izaqueu', { search: { sale } }],
      ['meu interesse é uma casa', 'izaqueu', { search: { sale, kinds: 'HOMES' } }, { followUp: true }],
      ['meu telefone é 99999999', 'izaqueu', { lead: true }, { followUp: true }],
    ],
    omitted: ['"no bairro centro" (a neighbourhood)'],
  },
  {
    id: 'pt-liva-hello',
    setting: 'Auto',
    assembled: 'greeting, chit-chat and goodbye of one Portuguese bot’s training data, around a search of another bot’s',
    turns: [
      ['oi tudo bem', 'liva', { small: true, noAnswer: false }],
      ['quais imoveis você tem?', 'izaqueu', { search: {} }],
      ['Tchau obrigada', 'liva', { small: true, noAnswer: false }],
    ],
  },
  // Single messages.
  { id: 'pt-mbras-3q', setting: 'Portuguese', turns: [['Estou procurando um apartamento de 3 quartos em Portland.', 'mbras', { search: { city: 'Portland', kinds: 'APT', minBeds: 3 } },
    { original: 'Estou procurando um apartamento de 3 quartos em Ipanema.', changes: ['bairro Ipanema → Portland'] }]] },
  { id: 'pt-mbras-brooklin', setting: 'Portuguese', turns: [['Procuro imóveis no Raleigh.', 'mbras', { search: { city: 'Raleigh' } },
    { original: 'Procuro imóveis no Brooklin.', changes: ['bairro Brooklin → Raleigh (preposição "no" mantida)'] }]] },
  { id: 'pt-mbras-orcamento', setting: 'Portuguese', turns: [['Meu orçamento é de $ 500 mil. O que vocês têm?', 'mbras', { search: { sale, maxPrice: 500000 } },
    { original: 'Meu orçamento é de R$ 2,5 milhões. O que vocês têm?', changes: ['R$ 2,5 milhões → $ 500 mil (moeda e valor do mercado dos anúncios)'] }]] },
  { id: 'pt-mbras-momento', setting: 'Portuguese', turns: [['É um bom momento para investir em imóveis na Barra da Tijuca?', 'mbras', { honest: true }]] },
  { id: 'pt-mbras-tendencias', setting: 'Portuguese', turns: [['Quero entender as tendências do mercado imobiliário de luxo em Leblon.', 'mbras', { honest: true }]] },
  { id: 'pt-mbras-escolas', setting: 'Portuguese', turns: [['Que escolas internacionais ficam perto do imóvel 224855023?', 'mbras', { honest: true },
    { original: 'Que escolas internacionais ficam perto do imóvel MB12345?', changes: ['MB12345 → 224855023'] }]] },
  { id: 'pt-mbras-visita', setting: 'Portuguese', turns: [['Gostaria de agendar uma visita ao imóvel 224855023 neste fim de semana.', 'mbras', { lead: true, allow: ['224855023'] },
    { original: 'Gostaria de agendar uma visita ao imóvel MB12345 neste fim de semana.', changes: ['MB12345 → 224855023'] }]] },
  { id: 'pt-mbras-whatsapp', setting: 'Portuguese', turns: [['Pode compartilhar o portfólio via WhatsApp? Meu número é +55 21 99999-9999', 'mbras', { lead: true }]] },
  { id: 'pt-mbras-vender', setting: 'Portuguese', turns: [['Como posso vender meu apartamento através da plataforma de vocês?', 'mbras', { honest: true }]] },
  { id: 'pt-mbras-metro', setting: 'Portuguese', turns: [['Quero um imóvel perto do metrô e de bons mercados.', 'mbras', { honest: true }]] },
  { id: 'pt-izaqueu-procuro', setting: 'Portuguese', turns: [['procuro por um imovel', 'izaqueu', { search: {} }]] },
  { id: 'pt-liva-bomdia', setting: 'Portuguese', turns: [['bom dia', 'liva', { small: true, noAnswer: false }]] },
  { id: 'pt-liva-valeu', setting: 'Portuguese', turns: [['falou, valeu', 'liva', { small: true, noAnswer: false }]] },
  { id: 'pt-liva-carnaval', setting: 'Portuguese', turns: [['Vc gosta de carnaval?', 'liva', { small: true }]] },
  { id: 'pt-liva-alguem', setting: 'Portuguese', turns: [['ola tem alguem aqui?', 'liva', { small: true, noAnswer: false }]] },
];
