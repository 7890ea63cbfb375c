export interface RowScoring {
  terms: { column: string; phrase: string; idf: number }[];
  averageLength: Record<string, number>;
  weights: Record<string, number>;
}

export function scoreRow(row: Record<string, unknown>, scoring: RowScoring): number;
