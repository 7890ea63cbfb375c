import { createHash } from 'node:crypto';

/** `<script …>text</script>`: the text is what the browser hashes, byte for byte. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Scripts the browser never runs (data blocks) or loads from a file need no hash. */
const NOT_INLINE_CODE = /\bsrc\s*=|\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * CSP source expressions (`'sha256-…'`) for the inline scripts of trusted HTML: the built shell
 * and the snippets the server itself writes into pages. Computed once at start-up; never run
 * this over a response body, or a script injected into a page would be allowed with it.
 */
export function inlineScriptHashes(...trustedHtml: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of trustedHtml) {
    for (const [, attributes, code] of html.matchAll(SCRIPT)) {
      if (NOT_INLINE_CODE.test(attributes) || code.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
