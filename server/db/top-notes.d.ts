export const TIER: number;

export function createTop(size: number): {
  wants(key: number): boolean;
  offer(note: number, key: number): void;
  sorted(): number[];
};
