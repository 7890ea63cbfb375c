import { IMAGE_VARIANT_WIDTHS, SLIDE_IMAGE_SIZES } from '../../contract/image-variants.ts';
import { ID_PATTERN } from '../../contract/id-pattern.ts';
import { NOTE_PREFETCH_GLOBAL, TOKEN_STORAGE_KEY } from '../../contract/page-hints.ts';

/**
 * A script for the head of a note page's HTML. Notes are for members, and the member's token is
 * in this browser's storage, so the server cannot draw the note; this starts its
 * `GET /api/posts/{id}` while the app's bundle is still loading, and once the note is in, a
 * preload of its first image at the size the image viewer will ask for. The app takes the
 * answer over (src/features/posts/note-prefetch.ts) instead of asking again, and draws the note
 * at its first render when the answer is already in.
 *
 * The text is the same on every note page (the id comes from the address), so the
 * Content-Security-Policy allows it by one hash computed at start-up (server/plugins/security-headers.ts).
 */
export function notePrefetchScript(): string {
  const widths = JSON.stringify(IMAGE_VARIANT_WIDTHS);
  const sizes = JSON.stringify(SLIDE_IMAGE_SIZES);
  const notePath = JSON.stringify(`^/post/(${ID_PATTERN.slice(1, -1)})$`);
  return `<script>(function () {
  var match = new RegExp(${notePath}).exec(location.pathname);
  var token = localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});
  if (!match || !token) return;
  var id = match[1];
  var request = fetch('/api/posts/' + id + '?_t=' + Date.now(), {
    headers: { authorization: 'Bearer ' + token, 'cache-control': 'no-cache' }
  }).then(function (response) {
    return response.ok ? response.json() : null;
  }).catch(function () {
    return null;
  });
  var prefetch = { id: id, token: token, request: request };
  window[${JSON.stringify(NOTE_PREFETCH_GLOBAL)}] = prefetch;
  request.then(function (post) {
    prefetch.note = post;
    var image = post && post.images && post.images[0];
    var url = image && typeof image.url === 'string' ? image.url : '';
    if (url.indexOf('/uploads/') === 0) url = '/api' + url;
    if (url.indexOf('/api/uploads/') !== 0) return;
    var joiner = url.indexOf('?') === -1 ? '?' : '&';
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.fetchPriority = 'high';
    link.imageSrcset = ${widths}.map(function (width) {
      return url + joiner + 'w=' + width + ' ' + width + 'w';
    }).join(', ');
    link.imageSizes = ${sizes};
    document.head.appendChild(link);
  });
})();</script>`;
}
