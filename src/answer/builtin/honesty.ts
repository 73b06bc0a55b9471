// Questions no listing can answer (schools, crime, commute, taxes, rates, flood zones,
// where prices are going): the engine says it cannot answer them, offers a person, and
// names no listing, rather than answering with homes that happen to be in the city.

export type Topic =
  | 'schools'
  | 'crime'
  | 'commute'
  | 'taxes'
  | 'rates'
  | 'flood'
  | 'forecast'
  | 'insurance'
  | 'walkability'
  | 'listingAgent';

const TOPICS: { topic: Topic; re: RegExp }[] = [
  {
    topic: 'schools',
    re: /\bschools?\b|\bschool district\b|\beducation\b|\bescuelas?\b|\bcolegios?\b|\becoles?\b|\blycees?\b|\bescolas?\b/,
  },
  {
    topic: 'crime',
    re: /\bcrimes?\b|\bcrime rates?\b|\bsafe(ty|st)?\b(?! deposit)|\bdangerous\b|\bcriminalidad\b|\bdelincuencia\b|\bcriminalite\b|\bcriminalidade\b|\bseguranca\b|\bseguridad del barrio\b|\bsecurite du quartier\b/,
  },
  {
    topic: 'commute',
    re: /\bcommute\b|\bcommuting\b|\bdrive time\b|\btravel time\b|\bhow far (is|are)\b|\btrajet\b|\btrayecto\b/,
  },
  {
    topic: 'taxes',
    re: /\bproperty tax(es)?\b|\btax(es)? (be|would|rate)\b|\bimpuestos?\b|\bimpots?\b|\btaxe fonciere\b/,
  },
  {
    topic: 'rates',
    re: /\bmortgage rates?\b|\binterest rates?\b|\b\d+[- ]year (fixed|mortgage)\b|\bmortgage\b|\bhipotecas?\b|\btasas? de interes\b|\btaux d'interet\b|\bpret immobilier\b|\bcredit immobilier\b|\bfinanciamento\b|\bfinanciar\b|\btaxas? de juros?\b/,
  },
  {
    topic: 'flood',
    re: /\bflood(ing|s|plain)?\b|\bflood zones?\b|\binundacion(es)?\b|\binondations?\b|\bzones? inondables?\b/,
  },
  {
    topic: 'forecast',
    re: /\bprices? (go|going|will go) (up|down)\b|\b(go|going) up (in value|next year)\b|\bappreciat(e|ion)\b|\bgood investment\b|\binvestment advice\b|\bbuy now or wait\b|\bshould i (buy|wait|sell|invest)\b|\bmarket (forecast|crash|prediction)\b|\bsubiran los precios\b|\bdebo comprar\b|\bles prix vont\b|\bdois-je acheter\b|\b(bom|boa|melhor) (momento|hora|investimento) para (investir|comprar)\b|\bvale a pena investir\b|\btendencias? do mercado\b|\bmarket trends?\b|\btendencias? del mercado\b|\btendances? du marche\b|\bvalorizacao\b|\b(values?|prices?) (go|going|will go|rise|rising|increase|drop|fall)\b|\b(best|good|better|smart|safe) investments?\b|\b(mejor|buena) inversion\b|\bmeilleur investissement\b|\b(melhor|bom) investimento\b|\bresale value\b|\bfuture value\b/,
  },
  {
    topic: 'walkability',
    re: /\bwalk(able|ability| score)\b|\bwalking distance\b|\bpublic transport(ation)?\b|\btransit\b|\bcaminable\b|\btransporte publico\b|\ba pied\b|\btransports? en commun\b|\btransporte publico\b/,
  },
  {
    topic: 'listingAgent',
    re: /\b(seller'?s?|listing|selling) (agent|realtor|broker)\b|\bwho (is|'s) the (agent|realtor|seller|owner)\b|\bagente (del vendedor|que lo vende)\b|\bagent du vendeur\b|\bcorretor do vendedor\b|\bwho owns (it|this)\b/,
  },
  { topic: 'insurance', re: /\binsurance\b|\bseguro de hogar\b|\bassurance habitation\b|\bseguro residencial\b/ },
];

export function unanswerableTopicOf(normalized: string): Topic | null {
  return TOPICS.find((t) => t.re.test(normalized))?.topic ?? null;
}
