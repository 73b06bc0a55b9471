// What a message points at in the conversation: a listing of the last answer by position
// ("the second one", "la segunda", "la deuxième"), the listing the last turn was about
// ("it", "that one", "esa", "celle-ci"), the last answer's listings as a set ("them",
// "which of those"), or the next page ("show me more"). On normalized text.

export interface Reference {
  /** 1-based position in the last answer's listings; -1 for "the last one". */
  position?: number;
  /** "it", "that one": the listing the conversation is about. */
  it: boolean;
  /** "them", "those", "which of them": the last search's listings. */
  them: boolean;
  /** "show me more", "next", "más", "plus". */
  more: boolean;
}

const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st|primer[oa]?|primeir[oa]|premier|premiere)\b/, 1],
  [/\b(second|2nd|segund[oa]|deuxieme|seconde?)\b/, 2],
  [/\b(third|3rd|tercer[oa]?|terceir[oa]|troisieme)\b/, 3],
  [/\b(fourth|4th|cuart[oa]|quatrieme)\b/, 4],
  [/\b(fifth|5th|quint[oa]|cinquieme)\b/, 5],
  [/\b(sixth|6th|sext[oa]|sixieme)\b/, 6],
  [/\b(seventh|7th|septim[oa]|setim[oa]|septieme)\b/, 7],
  [/\b(eighth|8th|octav[oa]|oitav[oa]|huitieme)\b/, 8],
  [/\b(ninth|9th|noven[oa]|non[oa]|neuvieme)\b/, 9],
  [/\b(tenth|10th|decim[oa]|dixieme)\b/, 10],
  [/\b(last one|last listing|the last|ultim[oa]|dernier|derniere)\b/, -1],
];
/** An ordinal points into the last answer only when it is about a listing, not "first-time buyer". */
const ORDINAL_CONTEXT =
  /\b(one|listing|home|house|property|condo|option|result|la|el|le|l'|de la|del|du|that|uno|una|annonce|maison|casa|propiedad|imovel|opcao|anuncio|apartamento|o (?:primeir|segund|terceir|quart|quint|sext|setim|oitav|non|decim|ultim)o)\b/;
const IT_RE =
  /\b(it|that one|this one|that home|that house|that listing|this listing|this home|that property|the same one|ese|esa|este|esta|esa casa|ese anuncio|celui-ci|celle-ci|celui-la|celle-la|cette maison|ce logement|ce bien)\b/;
const THEM_RE =
  /\b(them|those|these|of them|of those|ones|ellas|ellos|esas|esos|estas|estos|de ellas|de ellos|ceux-ci|celles-ci|parmi eux|parmi elles|lesquels|lesquelles)\b/;
const MORE_RE =
  /^(show me |show |give me |any |see |i want |can i see |let me see )?(some |a few |the )?(more|next|others|other ones|another (few|page))( (ones|listings|homes|results|options|please))?\b|\b(show|see) (me )?(some )?more\b|\b(a few |some )?different ones\b|^(mas|muestrame mas|ver mas|(muestrame |ensename )?(otras|otros)|siguientes|plus|encore|d'autres|la suite|montrez-m'en plus|montrez-moi plus|(me )?mostre mais|(mais|outras|outros)( opcoes)?|ver mais)\b/;

/**
 * Ordinals that point at no listing: a time ("last year", "l'année dernière", "el mes pasado",
 * "first time") and a home of the visitor's own ("my first home", "leur première maison").
 */
const NOT_ORDINAL_RE =
  /\b(?:last|next|(?:el|la) (?:ultim[oa]|pasad[oa])) (?:year|month|week|time|ano|mes|semana|vez)\b|\b(?:annee|mois|semaine|fois|ano|mes|semana|vez) (?:dernier|derniere|pasad[oa]|ultim[oa])\b|\b(?:first|primera)[- ](?:time|vez)\b|\b(?:my|our|your|their|his|her|mi|mis|su|sus|nuestr[oa]|tu|mon|ma|notre|votre|leur|son|sa) (?:first|last|primer[oa]?|premier|premiere|dernier|derniere|ultim[oa])\b/g;

export function referenceOf(text: string): Reference {
  const bare = text.replace(/^[¿¡\s]+/, '');
  const ordinals = bare.replace(NOT_ORDINAL_RE, ' ');
  let position: number | undefined;
  for (const [re, n] of ORDINALS) {
    if (re.test(ordinals) && ORDINAL_CONTEXT.test(ordinals)) {
      position = n;
      break;
    }
  }
  return {
    position,
    it: IT_RE.test(bare),
    them: THEM_RE.test(bare),
    more: MORE_RE.test(bare),
  };
}
