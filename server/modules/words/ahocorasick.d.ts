/** The `ahocorasick` package ships no types; this is the part the word matcher uses. */
declare module 'ahocorasick' {
  export default class AhoCorasick {
    constructor(keywords: string[]);
    /** [index of the last character of the match, the keywords ending there][] */
    search(text: string): [number, string[]][];
  }
}
