// BM25 of one search candidate, from the text of its index columns. Plain JavaScript so that
// the read pool's workers (read-worker.js) can run it without the TypeScript loader.
//
// Written by hand because FTS5's bm25() re-reads every posting of every query word on each
// query to count the notes holding it (about 1.5 ms per common word at 100 000 notes); here
// those counts come in from a cache and only the candidates' own texts are read.

const K1 = 1.2;
const B = 0.75;

/** How often ` phrase ` occurs in a space-separated token string. */
function occurrences(text, phrase) {
  const padded = ` ${text} `;
  const needle = ` ${phrase} `;
  let count = 0;
  for (let at = padded.indexOf(needle); at !== -1; at = padded.indexOf(needle, at + 1)) count += 1;
  return count;
}

/**
 * @param {Record<string, string>} row the candidate's column texts (`words`, `chars`)
 * @param {{ terms: { column: string, phrase: string, idf: number }[],
 *           averageLength: Record<string, number>, weights: Record<string, number> }} scoring
 * @returns {number} higher is more relevant
 */
export function scoreRow(row, scoring) {
  let score = 0;
  for (const term of scoring.terms) {
    const text = row[term.column] ?? '';
    const frequency = occurrences(text, term.phrase);
    if (frequency === 0) continue;
    // Length in characters against the average in characters: only the ratio matters.
    const ratio = text.length / (scoring.averageLength[term.column] || 1);
    const saturation = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + B * ratio));
    score += (scoring.weights[term.column] ?? 1) * term.idf * saturation;
  }
  return score;
}
