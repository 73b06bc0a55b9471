// The words people use about homes, in English, Spanish, French and Portuguese. Patterns run on
// normalized text (lower case, accents stripped: "habitación" → "habitacion") so that
// visitors who type without accents are understood too.

export type Lang = 'en' | 'es' | 'fr' | 'pt';

/** Lower case, accents stripped, typographic apostrophes and spaces made plain. */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .toLowerCase();
}

const LANG_WORDS: Record<Lang, string[]> = {
  en: 'the do does you have any homes home house houses for sale with what how many is are show me looking bedroom bedrooms bed beds under rent rentals i want need find there hi hello price of near and or who which where can please will would could should go up in it its my we our to at this that be get got some want'.split(
    ' ',
  ),
  es: 'buenas buenos tardes noches dias tal tienen tiene casa casas venta alquiler alquilar busco buscando quiero con por menos habitaciones banos cuantas cuantos cuanto donde hay que hola precio una los las el del mas al y estoy propiedades propiedad departamento apartamento gracias para comprar cerca dormitorios recamaras piscina mes algo alguna algun muestrame ensename vendidas vendidos'.split(
    ' ',
  ),
  fr: 'vous avez des maison maisons vendre louer location chambres chambre moins je cherche combien bonjour une les est quel quelle quels ou appartement appartements avec pour prix salut merci acheter piscine mois au aux du et il sont montrez-moi montrez trouver biens bien logement vendues vendus coucou bonsoir nuit'.split(
    ' ',
  ),
  pt: 'voce voces vc vcs tem temos aluguel alugar procuro procurando quero quais qual quantos quantas onde ola oi preco precos uma um os da dos das estou imovel imoveis obrigado obrigada perto meu minha seu sua gostaria pode posso tchau valeu bom boa tudo nao isso eu em na ao venda quartos banheiros ficam fim orcamento atraves'.split(
    ' ',
  ),
};

const LANG_SETS = Object.fromEntries(Object.entries(LANG_WORDS).map(([k, v]) => [k, new Set(v)])) as Record<
  Lang,
  Set<string>
>;

/**
 * The question's language by its function words; ties go to English. A message with no word or
 * mark of any language ("Tampa?", "2 beds") is in `fallback`: the conversation's language.
 */
export function detectLanguage(original: string, fallback: Lang = 'en'): Lang {
  if (/[¿¡ñ]/i.test(original)) return 'es';
  const words = normalize(original).match(/[a-z'-]+/g) ?? [];
  const score = { en: 0, es: 0, fr: 0, pt: 0 };
  for (const w of words) for (const l of ['en', 'es', 'fr', 'pt'] as const) if (LANG_SETS[l].has(w)) score[l]++;
  // "ã", "õ" are Portuguese only; "ç", "ê", "ô" are French or Portuguese.
  if (/[ãõ]/i.test(original)) score.pt += 3;
  if (/[àèëîïùûœ]/i.test(original)) score.fr += 2;
  else if (/[âçêô]/i.test(original)) {
    score.fr += 1;
    score.pt += 1;
  }
  if (/[áíóú]/i.test(original)) {
    score.es += 1;
    score.pt += 1;
  }
  if (!score.en && !score.es && !score.fr && !score.pt) return fallback;
  if (score.pt > score.en && score.pt > score.es && score.pt > score.fr) return 'pt';
  if (score.es > score.en && score.es >= score.fr) return 'es';
  if (score.fr > score.en && score.fr > score.es) return 'fr';
  return 'en';
}

export const SALE_RE =
  /\bfor sale\b|\bfor sell\b|\bbuy(ing|ers?)?\b|\bpurchas(e|ing)\b|\bto own\b|\bsale\b|\ben venta\b|\bventa\b|\bcomprar?\b|\bcompra\b|\ba vendre\b|\bvente\b|\bacheter\b|\bachat\b|\b(a )?venda\b/;
export const RENT_RE =
  /\brent(al|als|ing|s)?\b|\bleas(e|es|ing)\b|\bto let\b|\balquil\w*|\brenta(r|s)?\b|\barrend\w*|\barriendo\b|\blouer\b|\ba louer\b|\bloyers?\b|\blocations?\b(?= |$|[?.!,])|\balug\w*|\baluguel\b/;
/** "a month", "al mes", "par mois": a rent's price, unless the question says it is for sale. */
export const MONTHLY_RE =
  /\b(per|a|each|every|\/) ?month\b|\/ ?mo\b|\bmonthly\b|\bal mes\b|\bpor mes\b|\bmensual(es)?\b|\bpar mois\b|\/ ?mois\b|\bmensuel(le)?s?\b|\bao mes\b|\bmensa(l|is)\b/;
export const SOLD_RE =
  /\bsold\b|\brecent(ly closed)? sales\b|\bventas recientes\b|\bventes recentes\b|\bvendid[oa]s?\b|\bvendu(e)?s?\b|\bclosed sales?\b/;
export const PRE_MARKET_RE = /\bcoming soon\b|\bpre-?(on-?)?market\b|\bproximamente\b|\bbientot disponible/;

export const COUNT_RE =
  /\bhow many\b|\bnumber of\b|\bcount\b|\bcuant[oa]s\b|\bquant[oa]s\b|\bcombien (de|d'|y a)|\bnombre de\b/;

/** The word a count asks about: "how many reviews", "cuántos agentes", "combien d'agents". */
export const COUNTED_RE =
  /\b(?:how many|number of|cuant[oa]s|quant[oa]s|combien d(?:e |')|nombre d(?:e |'))\s*([a-z]+)/;

/** Words that can follow "how many" without naming what is counted ("how many are there in…"). */
export const COUNT_FILLERS = new Set(
  'are is do does did have has there in at on of for with de du des en a y et le la les los las el un una une you we they your can could would will ya still more other total hay tienen tiene tenes son estan ont sont avez vous il voces voce tem temos existem ha'.split(
    ' ',
  ),
);
export const AVERAGE_RE =
  /\baverage\b|\bavg\b|\bmean price\b|\bmedian\b|\btypical price\b|\bpromedio\b|\bprecio medio\b|\bmoyen(ne)?\b|\bhow much (are|do|does|would)\b|\bprice range\b|\bcuanto cuestan\b|\bcombien coutent\b|\bpreco medio\b|\bquanto custam\b/;
export const CHEAPEST_RE =
  /\bcheapest\b|\bleast expensive\b|\blowest[- ]priced?\b|\bmost affordable\b|\bcheap\b|\baffordable\b|\bmas barat[oa]s?\b|\bmas economic[oa]s?\b|\bbarat[oa]s?\b|\beconomic[oa]s?\b|\bmoins chers?\b|\bpas chers?\b/;
export const PRICIEST_RE =
  /\bmost expensive\b|\bpriciest\b|\bhighest[- ]priced?\b|\bmost luxurious\b|\bluxury\b|\bmas car[oa]s?\b|\bplus chers?\b|\bde lujo\b|\bde luxe\b/;

export const HELP_RE =
  /^(help|what can you do|what do you do|how does this work|ayuda|que puedes hacer|aide|que pouvez-vous faire|que peux-tu faire)\b/;

/** A short question that continues the previous one ("what about Dallas?", "¿y en Austin?"). */
export const FOLLOW_UP_RE = /^(what about|how about|and|and in|also|y|y en|et|et a|what if|same|lo mismo|pareil)\b/;

/** Words that show the question is about homes even when no criterion was recognized. */
export const REAL_ESTATE_RE =
  /\bhomes?\b|\bhouses?\b|\bpropert(y|ies)\b|\blistings?\b|\bcondo|\bapartments?\b|\btown ?(house|home)s?\b|\brent|\blease\b|\bbuy|\bsale\b|\bsell|\bbed|\bbath|\bprices?\b|\bmortgage|\bsq ?ft\b|\bsquare f|\bmls\b|\brealtor|\breal estate\b|\bneighbou?rhoods?\b|\bplaces? to live\b|\bmov(e|ing) to\b|\brelocat|\bcasas?\b|\bpropiedad|\bpisos?\b|\bvivienda|\binmueble|\bdepartamento|\bapartamento|\balquil|\bventa\b|\bcompr|\bhabitacion|\bdormitorio|\bbanos?\b|\bprecio|\bmaisons?\b|\bappartement|\blogement|\bbiens\b|\bimmobili|\blouer\b|\bvendre\b|\bchambres?\b|\bprix\b|\bloyer|\bgarage|\bpools?\b|\bpiscin|\bfireplace|\bwaterfront|\bhoa\b|\bavailable\b|\bdisponible|\bsold\b|\bvendid|\bvendu|\bimove(l|is)\b|\bimobiliari|\bquartos?\b|\bbanheiros?\b|\baluguel\b|\balugar\b/;

/** Topics a real-estate assistant does not answer even when a city is named. */
export const OFF_TOPIC_RE =
  /\bweather\b|\btemperature\b|\bforecast\b|\brestaurants?\b|\bnews\b|\btraffic\b|\bpopulation\b|\bhistory\b|\bcapital\b|\bpoems?\b|\bjokes?\b|\bstory\b|\bwhat time\b|\bsports?\b|\bgames?\b|\bwon\b|\belections?\b|\bpresident\b|\bmovies?\b|\bsongs?\b|\bmusic\b|\brecipes?\b|\btranslate\b|\bcode\b|\bclima\b|\brestaurantes?\b|\bpoemas?\b|\bchistes?\b|\bmeteo\b|\bpoemes?\b|\bblagues?\b|\bmortgage rates?\b|\binterest rates?\b|\bloans?\b|\bschools?\b|\bcrime\b|\bproperty tax(es)?\b|\binsurance\b|\bhipotecas?\b|\bescuelas?\b|\bpret immobilier\b|\becoles?\b/;

/** Words that look like a place after "in" but are not one ("in June", "in Spanish"). */
export const NOT_PLACE = new Set(
  `january february march april may june july august september october november december monday tuesday wednesday thursday
  friday saturday sunday english spanish french enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre
  diciembre janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre mls`.split(/\s+/),
);

/**
 * A visitor asking for a person. "un agente", "un agent" only when wanted ("quiero un agente",
 * "je voudrais un agent", or alone): "una queja sobre un agente" and "une visite avec un agent"
 * are about agents, not a request for one.
 */
export const HUMAN_RE =
  /\b(talk|speak|chat|connect me|get in touch)( to| with)? (a |an |the |your |some )?(human|person|agent|realtor|someone|representative|broker|team)\b|\breal person\b|\bcall me\b|\bcontact (an |a |the |your )?agent\b|\bhablar con\b|\bparler (a|avec)\b|(?:^|\b(?:quiero|necesito|prefiero|busco|contactar(?: con| a)?|comunicarme con|que|veux|voudrais|prefere|besoin d|contacter|joindre|aimerais) )(?:un|una|une) (?:agente|humano|persona|agent|conseiller|humain|personne)\b|\bfalar com (?:um |uma |o |a |algum |alguem)?(?:corretor|corretora|atendente|humano|pessoa|agente|alguem)\b|\b(?:quero|preciso de|gostaria de) (?:um |uma )?(?:corretor|corretora|atendente)\b/;

const GREETING_CORE = new Set(
  'hi hello hey hiya howdy greetings morning afternoon evening hola buenas buenos bonjour bonsoir salut coucou yo ola oi bom boa'.split(
    ' ',
  ),
);
const GREETING_FILLER = new Set(
  'there everyone all team folks friend friends good day how are you doing is it going whats up como estas esta que tal dias tardes noches ca va comment allez vous tu and y et dia tarde noite tudo bem como vai voce e ai'.split(
    ' ',
  ),
);
const THANKS_CORE = new Set(
  'thanks thank thx ty bye goodbye gracias merci adios chao ciao revoir cheers obrigado obrigada valeu tchau falou'.split(
    ' ',
  ),
);
const THANKS_FILLER = new Set(
  "you so much very a lot ok okay great cool perfect nice good muchas muchisimas beaucoup au bien parfait super genial vale perfecto for your help the info that's thats that is all everything it i need needed now eso es todo c'est tout so isso e bonsoir bonne soiree journee muito muita beleza ta".split(
    ' ',
  ),
);

function onlyWords(text: string, core: Set<string>, filler: Set<string>, phrase?: RegExp): boolean {
  const words = text.match(/[a-z']+/g) ?? [];
  return (
    (words.some((w) => core.has(w)) || (phrase?.test(text) ?? false)) &&
    words.every((w) => core.has(w) || filler.has(w))
  );
}

/** "How are you?", "¿qué tal?", "ça va ?", "tudo bem?": a greeting without a greeting word. */
const HOW_ARE_YOU_RE =
  /\bhow are you\b|\bhow is it going\b|\bcomo estas?\b|\bque tal\b|\bca va\b|\bcomment allez\b|\btudo bem\b|\bcomo vai\b/;

/** The whole message is a greeting ("Hi!", "Hello there", "Buenos días"), asking nothing else. */
export const isGreeting = (text: string) => onlyWords(text, GREETING_CORE, GREETING_FILLER, HOW_ARE_YOU_RE);
/** "That's everything", "eso es todo", "c'est tout", "é só isso": a closing without a thank-you word. */
const CLOSING_RE =
  /\bthat'?s (all|everything|it)\b|\bthat is (all|everything)\b|\beso es todo\b|\bes todo\b|\bc'est tout\b|\be so isso\b|\bso isso\b/;
export const isThanks = (text: string) => onlyWords(text, THANKS_CORE, THANKS_FILLER, CLOSING_RE);

/** Property type groups: what people say → type names a chatbot's listings may use. */
export const PROPERTY_TYPES: { re: RegExp; names: string[]; loose?: boolean }[] = [
  {
    re: /\bsingle[- ]?family\b|\bdetached\b|\bunifamiliar(es)?\b|\bmaisons? individuelles?\b/,
    names: ['Single Family Residential', 'Single Family', 'Single-Family', 'Single Family Home', 'House'],
  },
  {
    re: /\btown ?(house|home)s?\b|\badosad[ao]s?\b|\bmaisons? de ville\b/,
    names: ['Townhouse', 'Townhome', 'Town House', 'Townhouses'],
  },
  { re: /\bcondo(minium)?s?\b|\bcondominios?\b|\bcoproprietes?\b/, names: ['Condo', 'Condominium', 'Condo/Co-op'] },
  {
    re: /\bapartments?\b|\bapartamentos?\b|\bdepartamentos?\b|\bappartements?\b|\bflats?\b/,
    names: ['Apartment', 'Apartments'],
    // Many say "apartment" for any home to rent: without such a type, it restricts nothing.
    loose: true,
  },
  {
    re: /\bmulti[- ]?famil(y|ies)\b|\bduplex(es)?\b|\btriplex(es)?\b|\b(four|quad)plex(es)?\b|\bmultifamiliar(es)?\b/,
    names: ['Multi-Family', 'Multifamily', 'Multi Family', 'Duplex'],
  },
  { re: /\bland\b|\bvacant lots?\b|\bterrenos\b|\bterrains\b/, names: ['Land', 'Lots/Land', 'Lot'] },
  {
    re: /\bmobile homes?\b|\bmanufactured\b|\bcasas? moviles?\b|\bmaisons? mobiles?\b/,
    names: ['Mobile Home', 'Manufactured', 'Mobile/Manufactured'],
  },
];

/** Features → the word the listings' searchable text holds (ExtensionColumn keys, descriptions). */
export const FEATURES: { re: RegExp; keyword: string }[] = [
  { re: /\bpools?\b|\bswimming\b|\bpiscinas?\b|\bpiscines?\b|\balbercas?\b/, keyword: 'pool' },
  { re: /\bgarages?\b|\bgarajes?\b|\bcocheras?\b/, keyword: 'garage' },
  { re: /\bfireplaces?\b|\bchimeneas?\b|\bcheminees?\b/, keyword: 'fireplace' },
  {
    re: /\bwaterfront\b|\bwater front\b|\blakefront\b|\bbeachfront\b|\bon the water\b|\bfrente al (mar|agua|lago)\b|\bbord de (l'eau|mer|lac)\b|\bfront de mer\b/,
    keyword: 'waterfront',
  },
  { re: /(?<!\b(to|can i|could i|i|we|and) )\bviews?\b|\bvistas?\b|\bvue\b/, keyword: 'view' },
  { re: /\bbasements?\b|\bsotanos?\b|\bsous-sol\b/, keyword: 'basement' },
  { re: /\bbalcon(y|ies)?\b|\bbalcones\b/, keyword: 'balcon' },
  { re: /\bfurnished\b|\bamueblad[oa]s?\b|\bmeubles?\b/, keyword: 'furnished' },
  { re: /\bpets?\b|\bpet-friendly\b|\bmascotas?\b|\banimaux\b/, keyword: 'pet' },
];

/** "without a pool", "sin piscina", "sans piscine": a feature the visitor does not want. */
export const NEGATION_BEFORE_RE = /\b(without|no|not|sin|sans|pas de)\s+(a |an |un |una |une |de )?$/;

/** Words that never start or end a city name in a question. */
export const NOT_CITY = new Set(
  `a an the in at of for to from near around by on with and or but is are was be do does did have has any some me my i we you your our
  what which who where when how many much show find looking look want need like please can could would there here this that these those
  home homes house houses property properties listing listings place places condo condos apartment apartments townhouse townhouses
  rent rental rentals sale buy sold available bed beds bedroom bedrooms bath baths bathroom bathrooms price under below over above
  less more than max min month year built big size square feet parking spots hoa fee pool garage fireplace waterfront view mls it its
  tienen tiene casa casas en venta alquiler con por menos de del el la los las un una y o que cuantas cuantos busco quiero hay para
  habitaciones banos precio mas al propiedades vendidas vous avez des maison maisons a vendre louer chambres moins je cherche combien
  une les le du et ou est au aux pour avec prix voce voces vc tem temos quais qual quero procuro procurando estou meu minha um uma com
  da do dos das em na no ao os as imovel imoveis quartos banheiros aluguel alugar comprar venda perto mais sim nao`.split(
    /\s+/,
  ),
);
/** Articles that may start a city name ("El Paso", "La Porte", "Los Angeles", "Le Mans"). */
export const CITY_ARTICLES = new Set(['el', 'la', 'los', 'las', 'le', 'les', 'san', 'saint', 'st']);
