// The words a passage or a question is searched by, the same on both databases: lower case,
// accents removed ("équipe" = "equipe"), stop words of English, Spanish, French and Portuguese left out,
// and plurals folded ("fees" = "fee", "horarios" = "horario"). Both the index and the query go
// through here, so a word matches whatever the database's own text search would make of it.
const STOP = new Set(
  // English
  (
    'a an the and or but if of to in on at by for with from about as into over under is are was were be been ' +
    'being am do does did have has had having i me my we our us you your yours he she it its they them their ' +
    'this that these those what which who whom whose when where why how can could would should will shall may ' +
    'might must not no yes so than too very just also any some all each there here then out up down off again ' +
    'please tell know want like get got much many more most other such only own same few both mine ours ' +
    // what is left of "don't", "isn't", "we'll", "you've", "they're"
    'don doesn didn isn aren wasn weren wouldn shouldn couldn haven hasn ll ve re ' +
    // Spanish
    'el la los las un una unos unas y o pero si de del al a en con por para sin sobre es son era fue ser estar ' +
    'esta este estos estas ese esa eso que cual quien cuando donde como cuanto cuanta cuantos cuantas mi mis tu ' +
    'tus su sus nuestro nuestra nuestros nuestras usted ustedes yo nosotros ellos ellas le les lo se me te nos ' +
    'hay tiene tienen tienes hace hacen muy mas menos tambien puedo puede pueden quiero ' +
    // French
    'le les des une du au aux et ou mais si dans sur avec pour par sans est sont etait etre avoir ai as avez ' +
    'ont ce cet cette ces qui quoi quel quelle quels quelles quand comment combien je tu il elle nous vous ils ' +
    'elles mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ne pas plus moins tres aussi peut ' +
    'peux pouvez faire fait y en ' +
    // Portuguese
    'o os um uns umas e ou mas do da dos das no na nas em com sem sao foi esta este esse essa isso ' +
    'onde quanto quantos quantas meu minha meus minhas seu sua seus suas voce voces eu eles lhe ha tem ' +
    'tenho temos muito mais menos tambem posso pode podem quero ao aos pra pro vou vai'
  ).split(/\s+/),
);

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A word's plural folded onto its singular (a light stem: -ies → -y, -es/-s, -x). */
function fold(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('aux')) return `${word.slice(0, -3)}al`;
  return word;
}

/** The search words of a text, in order (repeats kept: they weigh in the ranking). */
export function termsOf(text: string): string[] {
  const words = stripAccents(text.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w))).map(fold);
}
