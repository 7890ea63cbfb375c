export const BACKGROUND_NICENESS: number;

/** Lowers the calling worker thread's CPU priority to `BACKGROUND_NICENESS` (Linux only). */
export function runInBackground(): void;
