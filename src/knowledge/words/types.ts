// What one language gives the knowledge search (terms.ts, question.ts, glossary.ts). Each
// language is one file of this shape; a word list lives in exactly one of them.

export interface KnowledgeWords {
  /** Words neither a passage nor a question is searched by (both databases index without them). */
  stop: string;
  /**
   * Words of a question that say nothing of what it asks ("what time…", "do you guys…"): left out
   * of the question's words, not of the index.
   */
  filler: string;
  /**
   * A visitor's word and the words a brokerage's text says it with, one group per meaning
   * (keyed by an English word): each word of a group also stands for the others when a question
   * is searched, on top of the glossary (answer/builtin/vocab/). The same key in several
   * languages is one group.
   */
  related: Record<string, string>;
  /**
   * A visitor's words for a concept of the glossary that a brokerage's text names otherwise,
   * keyed by one of the concept's English words: each word stands for the concept's words, one
   * way ("see the house" asks about a showing; a question about showings does not ask about
   * whatever one can "see"). The same key in several languages is one concept.
   */
  means: Record<string, string>;
  /**
   * A word that stands for a concept only when the question is in this language, because another
   * language has the same word for something else: French "chat" is a cat, English "chat" a
   * conversation. Keyed by one of the concept's English words, as `means`.
   */
  own: Record<string, string>;
  /**
   * Endings of this language's verb forms ("atiendan", "utilisez", "procuramos"), each a piece of
   * a regular expression: a long word of a question in this language that no passage holds and
   * ends so is how the visitor says what they ask, not a thing the knowledge lacks (search.ts).
   * Only endings no common noun has: not Spanish "-en" ("imagen") nor "-ar" ("celular";
   * docs/knowledge-tried.md), Portuguese "-em" ("garagem"),
   * French "-ions" ("informations"); none in English, whose "-ing" and "-ed" end nouns too
   * ("parking", "staging").
   */
  verbEndings: string;
  /**
   * Words standing for something the visitor does not name ("anything", "something", "cualquier",
   * "quelconque"), lower case without accents: they count where a passage holds them ("do you give
   * anything if he buys through you?"), but a passage lacking them lacks nothing asked ("will I owe
   * you anything as a buyer?").
   */
  vague: string;
  /**
   * A visitor's phrase read as one word of this language, or as none (''), written lower case
   * without accents: "in charge" asks who is responsible, not what something costs; French "je
   * m'adresse" asks whom to turn to, not for an address.
   */
  phrases: Record<string, string>;
  /**
   * Words saying when the visitor does something (a day, a month, a part of the day), lower case
   * without accents: a passage lacking them still answers what is asked about that time ("je dois
   * décaler une visite prévue demain matin" asks how to move a showing). The glossary's own words
   * for days are named by their English word, which stands for every language's.
   */
  when: string;
  /**
   * How a question of this language asks where, and who or for someone: each a piece of a
   * regular expression over the question as typed, case aside (accents kept where they tell one
   * word from another: French "où" from "ou", "or"). "Where…?" keeps the passage's sentence with
   * the address, "who…?" the one naming a person, "how much…?" the one stating an amount
   * (search.ts).
   */
  asksWhere: string;
  asksWho: string;
  asksHowMuch: string;
}
