/** Database ids are integers; the API speaks decimal strings. */
export const toApiId = (id: number): string => String(id);
export const fromApiId = (id: string): number => Number(id);

export const isoOrNull = (millis: number | null): string | null =>
  millis === null ? null : new Date(millis).toISOString();
