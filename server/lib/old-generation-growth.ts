import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection left alive before it
 * collects again, in percent: twice the live heap. V8 otherwise works the factor out after each
 * collection from how fast it marks against how fast the program moves objects into the old
 * generation. Under distinct searches the thread that answers requests moves some 7 MB a
 * second there (the cards and pages it caches for seconds) and marks at 0.7-1.4 GB a second, so
 * V8 chose 1.2-1.3: a limit some 20 MB above 40 MB alive (`--trace-gc-verbose`). That is less
 * room than the young generation takes, and V8 starts marking as soon as what remains is less
 * than one young generation could promote, so the thread marked almost without pause: 13-21
 * full collections in 20 s, each holding the loop 2-23 ms, with marking steps of up to 12 ms.
 * Twice the live heap leaves room for several young generations: 7-8 full collections in 28 s
 * of the same load, against 26-34 (docs/decisions/071-old-generation-grows-to-twice-what-lives.md).
 */
export const OLD_GENERATION_GROWTH_PERCENT = 100;

/**
 * Fixes the factor for the whole process, its worker threads included. V8 reads it each time it
 * sets the limit after a collection, so it holds from the next collection on.
 */
export function growOldGenerationSteadily(): void {
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}
