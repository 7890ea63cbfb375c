/** The site's origin on the server, where there is no window: the page renderer sets it. */
let renderingOrigin = '';

export function setRenderingOrigin(origin: string): void {
  renderingOrigin = origin;
}

/** The origin of absolute links (canonical, share images): the page's own in the browser. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? renderingOrigin : window.location.origin;
}
