// The package ships no types: the two calls we use.
declare module "snowball-stemmers" {
  export type Stemmer = { stem(word: string): string };
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
