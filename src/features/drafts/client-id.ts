/** A new draft's id: unique per browser, and within the server's `^[A-Za-z0-9_-]{1,64}$`. */
export function newClientId(): string {
  const random =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 16)
      : Math.random().toString(36).slice(2, 14);
  return `d${Date.now().toString(36)}${random}`;
}

/** The browser-only draft that keeps unsaved edits of a published note. */
export const editClientId = (postId: string) => `post-${postId}`;

export const isClientId = (value: string | null): value is string =>
  value !== null && /^[A-Za-z0-9_-]{1,64}$/.test(value);
