// The snowball-stemmers package ships no types: the one function the knowledge search calls.
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): Stemmer };
  export default snowball;
}
