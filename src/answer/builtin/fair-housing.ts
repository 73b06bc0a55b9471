// Fair housing: a request to select or steer by race, colour, religion, national origin,
// sex, disability or familial status is declined for that part, in every language the
// engine speaks, coded words included ("away from Muslims", "fewer immigrants", "no
// families with kids", "un barrio sin latinos"). The rest of the request, the lawful
// criteria, is answered as usual. Patterns run on normalized text (lower case, no accents)
// and are written so that housing words that merely look alike ("single-family", "family
// room", "white kitchen", "wheelchair accessible") do not trigger them.

export type Trait = 'race' | 'colour' | 'religion' | 'national origin' | 'sex' | 'disability' | 'familial status';

const WHO = '(people|persons|folks|residents|neighbou?rs|tenants|families|community|crowd|population)';
const AREA = '(neighbou?rhoods?|areas?|communit(y|ies)|parts? of town|blocks?|streets?|buildings?|complex(es)?)';
const LESS =
  '(no|without|fewer|less|away from|free of|not many|not a lot of|avoid(ing)?|sin|pocos|lejos de|sans|peu de|loin des?)';

const PATTERNS: { trait: Trait; re: RegExp }[] = [
  {
    trait: 'colour',
    re: /\b(light|dark|fair|brown)[- ]skinned\b|\bskin (colou?r|tone)\b|\bpiel (clara|oscura|blanca|morena)\b|\bpeau (claire|foncee|blanche|noire)\b/,
  },
  {
    trait: 'race',
    re: new RegExp(
      `\\b(mostly|predominantly|mainly|all|only|majority)[- ](white|black|asian|hispanic|latino|caucasian|african[- ]american|arab)\\b|\\b(white|black|asian|hispanic|caucasian|african[- ]american|arab)\\s+(${AREA}|${WHO})\\b|\\b${LESS}\\s+(whites|blacks|asians|hispanics|arabs|minorities|black people|white people|asian people)\\b|\\b(race|racial|racially|ethnic(ity|ally)?|raza|ethnie|origine ethnique)\\b|\\bbarrios? (de )?(blancos|negros|asiaticos)\\b|\\bquartiers? (de )?(blancs|noirs)\\b`,
    ),
  },
  {
    trait: 'religion',
    re: /\b(muslims?|islamic|christians?|jews|jewish|mormons?|lds|catholics?|hindus?|sikhs?|buddhists?|atheists?|evangelicals?|churchgoers?|mosques?|synagogues?|religio(n|us|sa|so|sos|sas)|musulman(e|es|s)?|judios?|judias?|cristian[oa]s?|catolic[oa]s?|mormon(es|s)?|juifs?|juives?|chretien(ne)?s?|catholiques?)\b/,
  },
  {
    trait: 'national origin',
    re: new RegExp(
      `\\b(immigrants?|immigration|foreigners?|foreign[- ]born|refugees?|expats?|illegals?|mexicans?|latinos?|latinas?|chinese people|indians people|inmigrantes?|extranjer[oa]s|mexican[oa]s|immigre(e)?s?|etrangers?|nationalit(y|ies|e))\\b|\\b(mostly|predominantly|all|only)[- ](american|english[- ]speaking|native[- ]born)\\b|\\b${LESS}\\s+(americans|non[- ]english speakers)\\b`,
    ),
  },
  {
    trait: 'familial status',
    re: /\b(no|without|fewer|away from|free of|sin|sans|pas d')\s*(families|kids|children|toddlers|babies|teenagers|ninos|ninas|familias|enfants|familles|bebes)\b|\bfamilies with (kids|children)\b|\b(kid|child)[- ]free\b|\badults?[- ]only\b|\bchildless\b|\bno (families|kids)\b|\bsolo adultos\b|\badultes seulement\b/,
  },
  {
    trait: 'disability',
    re: /\b(disabled|handicapped|disabilit(y|ies)|mentally ill|discapacitad[oa]s?|minusvalid[oa]s?|handicapes?)\s*(people|persons|tenants|residents|neighbou?rs|personas|inquilinos|vecinos|personnes|locataires|voisins)?\b(?! (access|accessible|parking|ramp))/,
  },
  {
    trait: 'sex',
    re: /\b(all|only|just)\s+(women|men|females|males|ladies|guys|girls|boys)\b|\b(women|men|female|male)[- ]only\b|\bneighbou?rs are (all )?(women|men)\b|\bsolo (mujeres|hombres)\b|\bque des (femmes|hommes)\b|\b(sin|no) (mujeres|hombres)\b|\bsans (femmes|hommes)\b/,
  },
];

/**
 * The visitor telling about themselves or their household, just before a protected word: "I'm
 * disabled", "my parents are immigrants", "we have no kids yet", "my name is Christian", "je suis
 * à l'étranger". Lawful, unless the message also selects who lives around (STEERING_RE).
 */
const SELF_RE =
  /\b(i'?\s?m|i am|we'?\s?re|we are|we have|my|our|soy|somos|estoy|tenemos|mis?|nuestr[oa]s?|suis|sommes|avons|mon|ma|mes|nos|sou|estou|temos|meus?|minhas?)\b/;
/** Words of a request about who the neighbours are: with them, a protected word is steering. */
const STEERING_RE =
  /\b(neighbou?rs?|neighbou?rhoods?|areas?|communit(y|ies)|buildings?|complex(es)?|blocks?|streets?|tenants|residents|people|folks|crowd|population|around|nearby|near|surrounded|vecinos|barrios?|zonas?|quartiers?|voisins|bairros?|vizinhos)\b/;
/** Abroad ("à l'étranger", "en el extranjero", "no exterior"): where the visitor is, not who. */
const ABROAD_RE = /\b(a l'?\s?etranger|en el extranjero|no exterior|overseas|abroad)\b/g;
/** A protected word naming a benefit or an occasion, not people: "religious holidays", "disabled veterans' discount". */
const NOT_PEOPLE_RE = /^\s*(holidays?|veterans?|discounts?|accommodations?|services?|accessible|access)\b/;

function lawful(normalized: string, m: RegExpExecArray): boolean {
  if (NOT_PEOPLE_RE.test(normalized.slice(m.index + m[0].length))) return true;
  const before = normalized.slice(0, m.index).split(/\s+/).filter(Boolean).slice(-3).join(' ');
  return SELF_RE.test(before) && !STEERING_RE.test(normalized);
}

/**
 * The protected characteristic a request steers by, and the text without that part. A visitor
 * who only tells about themselves (lawful() above) is not steering: HUD's 1995 guidance on
 * advertisements under §804(c) looks for a preference or a limitation on who may live there.
 */
export function fairHousingOf(normalized: string): { trait: Trait; rest: string } | null {
  const text = normalized.replace(ABROAD_RE, ' ');
  for (const { trait, re } of PATTERNS) {
    for (const m of text.matchAll(new RegExp(re.source, 'g'))) {
      if (!lawful(text, m as RegExpExecArray)) return { trait, rest: normalized.replace(re, ' ') };
    }
  }
  return null;
}
