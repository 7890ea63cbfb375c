/** The SWR key of one note: the posts feature reads it, the outbox refreshes it after a replay. */
export const postKey = (id: string) => ['post', id] as const;
