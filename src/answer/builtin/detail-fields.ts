// Which facts a question about one listing asks for ("What year was … built?", "How big is
// MLS …?", "¿Cuánto cuesta …?", "Combien de places de parking …?").

export type DetailField =
  | 'price'
  | 'hoa'
  | 'year'
  | 'size'
  | 'lot'
  | 'parking'
  | 'bedrooms'
  | 'bathrooms'
  | 'daysOnMarket'
  | 'deposit'
  | 'address'
  | 'features'
  | 'type'
  | 'status'
  | 'description';

const FIELD_PATTERNS: [DetailField, RegExp][] = [
  ['lot', /\blot( size| area)?\b(?<!\ba lot\b)|\bacre(s|age)?\b|\bterreno\b|\bterrain\b|\bparcela\b/],
  [
    'hoa',
    /\bhoa\b|\bassociation\b|\bhomeowners?\b|\bcondo fees?\b|\bcuota\b|\bmantenimiento\b|\bcharges\b|\bcopropriete\b|\bsyndic\b/,
  ],
  [
    'year',
    /\byear\b|\bbuilt\b|\bhow old\b|\bconstruid[ao]\b|\bconstruccion\b|\bano\b|\bantiguedad\b|\bannee\b|\bconstruit(e)?\b/,
  ],
  [
    'size',
    /\bhow (big|large)\b|\bsize\b|\bsquare\b|\bsq\.? ?f(ee)?t\b|\bsqft\b|\bfootage\b|\barea\b|\bliving space\b|\btamano\b|\bmetros\b|\bpies\b|\bsuperficie\b|\bsurface\b|\btaille\b|\bque tan grande\b|\bm2\b|\bm²/,
  ],
  [
    'parking',
    /\bparking\b|\bpark\b|\bgarage spaces?\b|\bcar spaces?\b|\bestacionamientos?\b|\baparcamientos?\b|\bplazas?\b|\bstationnement\b|\bplaces?\b/,
  ],
  ['bedrooms', /\bbed(room)?s?\b|\bhabitacion(es)?\b|\bdormitorios?\b|\brecamaras?\b|\bchambres?\b/],
  ['bathrooms', /\bbath(room)?s?\b|\bbanos?\b|\bsalles? de bains?\b|\bsalles? d'eau\b/],
  [
    'daysOnMarket',
    /\bdays on (the )?market\b|\bhow long\b|\blisted\b|\bdias en el mercado\b|\bcuanto tiempo\b|\bdepuis combien\b|\bjours\b/,
  ],
  ['deposit', /\bdeposit\b|\bdeposito\b|\bfianza\b|\bdepot de garantie\b|\bcaution\b/],
  [
    'address',
    /\baddress\b|\bwhere is\b|\blocated\b|\bdireccion\b|\bdonde (esta|queda)\b|\badresse\b|\bou (est|se trouve)\b|\bsitue/,
  ],
  [
    'features',
    /\bfeatures?\b|\bamenit(y|ies)\b|\bpools?\b|\bgarage\b|\bfireplace\b|\bwaterfront\b|\bcaracteristicas\b|\bpiscina\b|\bchimenea\b|\bpiscine\b|\bcheminee\b|\bequipements?\b/,
  ],
  ['type', /\bwhat (type|kind)\b|\bproperty type\b|\btipo\b|\btype de\b|\bquel type\b/],
  [
    'status',
    /\bavailable\b|\bstill\b|\bstatus\b|\bsold\b|\bdisponible\b|\bvendid[oa]\b|\bvendu(e)?\b|\btodavia\b|\bencore\b/,
  ],
  [
    'price',
    /\bprices?\b|\bcosts?\b|\bhow much\b|\basking\b|\brent\b|\bprecio\b|\bcuesta\b|\bcuanto\b|\bvale\b|\bprix\b|\bcoute\b|\bcombien\b|\bloyer\b/,
  ],
  [
    'description',
    /\bdescri(be|ption|pcion|s)\b|\btell me (more )?about\b|\bcuentame\b|\bparle[sz]?(-moi)? de\b|\bmore (info|information|details)\b/,
  ],
];

/** The facts asked for, in a stable order; none means "tell me about it". */
export function detailFields(text: string): DetailField[] {
  // "lot size" asks for the lot, not the house; "how much is the HOA" for the HOA, not the price.
  const t = text.replace(/\blot size\b/g, 'lot');
  const fields = FIELD_PATTERNS.filter(([, re]) => re.test(t)).map(([f]) => f);
  const specific = fields.filter((f) => f !== 'price' && f !== 'description');
  if (fields.includes('price') && specific.length && !/\bprices?\b|\bprecio\b|\bprix\b|\brent\b|\bloyer\b/.test(t)) {
    return specific;
  }
  return fields;
}
