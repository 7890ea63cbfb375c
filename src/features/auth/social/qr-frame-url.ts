/**
 * WeChat's QR page as its JS SDK embeds it (login_type=jssdk: only the code and its caption;
 * self_redirect=false: after the scan WeChat moves the whole tab to our callback).
 */
export function qrFrameUrl(authorizeUrl: string): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set('login_type', 'jssdk');
  url.searchParams.set('self_redirect', 'false');
  return url.toString();
}
