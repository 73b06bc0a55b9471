// French words of the knowledge search (types.ts says what each list is for).
import type { KnowledgeWords } from './types.ts';

export const fr = {
  stop:
    'le les des une du au aux et ou mais si dans sur avec pour par sans est sont etait etre avoir ai as avez ' +
    'ont ce cet cette ces qui quoi quel quelle quels quelles quand comment combien je tu il elle nous vous ils ' +
    'elles mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ne pas plus moins tres aussi peut ' +
    'peux pouvez faire fait y en',
  filler:
    'mari epouse savoir voudrais besoin faut demandez demandent exigez bonjour merci svp prefere ' +
    // words that only hold a sentence together (pronouns, auxiliaries, "where", "after"), not in the stop words
    'suis sommes avon sera serait dois doit doivent veux veut voulon qu quoi chez pre ou la ca ete alor donc ' +
    'deja encore tout tou toute chose quelqu quelque rien ici ' +
    // asides, "only", "someone", "other"
    'seulement lorsque parce puis alors vraiment bien moment autre autres maintenant actuellement bientot ' +
    // "déposer le dossier": how the visitor hands in what they ask about
    'deposer ' +
    // what a friend said, and whether it is true
    'ami amie dit vrai',
  related: {
    lose: 'perdu perdue perdre',
    manager: 'directeur directrice gerant gerante',
    claim: 'sinistre sinistres',
    flood: 'inondation inondations inondable inonde',
    request: 'demande demandes',
    before: 'avant tot anticipe anticipee',
    back: 'rappeler revenir retour rend rendre rendons',
    condition: 'etat',
    form: 'formulaire',
    during: 'pendant',
    abroad: 'etranger',
    closing: 'signer',
    provide: 'fournir fournit fournisseur',
    minimum: 'minimum minimale',
    downPayment: 'apport',
    satisfied: 'satisfait insatisfait mecontent satisfaction',
    tenant: 'louer loue louons loyer locataire bail resident',
    cancel: 'annuler annulation resilier resiliation fin',
    deadline: 'delai delais echeance echeancier',
    referral: 'parrainage parrainer proche',
    handle: 'occupe occupez occupent occuper',
    send: 'envoyer envoie ecrire',
    responsible: 'responsable',
    lock: 'serrure serrures serrurier',
    deduct: 'retient retiennent retenir retenue deduit deduire',
  },
  means: {
    notice: 'prevenir prevenu avertir',
    repair: 'fuit fuite chaudiere chauffage panne',
    home: 'propriete',
    minimum: 'exigence critere remplir',
    bill: 'facturer',
    emergency: 'urgent urgente inondation inonde',
    pay: 'paye payes payez payons paient',
    enter: 'entrent entrez',
    deadline: 'dates',
    relative: 'frere soeur cousin cousine oncle tante neveu niece mere pere fils fille',
    upfront: 'avance',
    fee: 'depense depenses',
  },
  // French "location" is a rental; English "location" a place.
  own: { pet: 'chat chaton', rent: 'location locations' },
  verbEndings: 'ez [^i]ons',
  vague: 'quelque quelconque',
  // "à qui je m'adresse ?" asks whom to turn to, not for an address.
  phrases: {
    'en charge': 'responsable',
    // "à l'avance" is ahead of time, not an advance payment.
    "a l'avance": 'avant',
    "m'adresse": '',
    "m'adresser": '',
    "s'adresser": '',
    adresser: '',
  },
  when: 'printemps ete automne hiver janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  asksWhere: '(?:^|[\\s,¿])où\\b',
  asksWho: '\\bquelqu\\b|(?:^|[\\s,¿])(?:à qui|qui est|qui s)',
  asksHowMuch: '\\bcombien\\b',
} satisfies KnowledgeWords;
