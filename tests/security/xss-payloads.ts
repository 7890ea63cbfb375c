/**
 * Script-injection payloads, each calling `__xss(n)` (or `alert(n)`) when it runs, so the test
 * knows which one got through. They cover HTML, attribute, URL, Markdown, template and inline
 * script (`</script>`, JSON string) contexts: the server draws notes into HTML and inlines data
 * into scripts, so those breakouts matter as much as the React ones.
 */
export const XSS_PAYLOADS: string[] = [
  '<script>__xss(1)</script>',
  '<img src=x onerror=__xss(2)>',
  '<svg onload=__xss(3)>',
  '"><img src=x onerror=__xss(4)>',
  "'><svg/onload=__xss(5)>",
  '[点我](javascript:__xss(6))',
  '![x](x" onerror="__xss(7))',
  '<iframe src="javascript:__xss(8)"></iframe>',
  '<a href="javascript:__xss(9)">链接</a>',
  '<details open ontoggle=__xss(10)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(11)>',
  '`<img src=x onerror=__xss(12)>`',
  '<body onload=__xss(13)>',
  '<input autofocus onfocus=__xss(14)>',
  '<style>@import "javascript:__xss(15)";</style>',
  "{{constructor.constructor('__xss(16)')()}}",
  '<object data="javascript:__xss(17)"></object>',
  '[a](data:text/html;base64,PHNjcmlwdD5fX3hzcygxOCk8L3NjcmlwdD4=)',
  '</title><script>__xss(19)</script>',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(20)">',
  '<img src=x onerror=alert(21)>',
  '"-alert(22)-"',
  '</script><script>__xss(23)</script>',
  '<!--<img src="--><img src=x onerror=__xss(24)//">',
  '<a href="jav&#x09;ascript:__xss(25)">标签</a>',
  '\\u003cimg src=x onerror=__xss(26)\\u003e',
  '<svg><animate onbegin=__xss(27) attributeName=x dur=1s>',
  '[x](JaVaScRiPt:__xss(28))',
  '<video><source onerror=__xss(29)></video>',
  '<form action="javascript:__xss(30)"><button>提交</button></form>',
];

/**
 * What must never be in a page after it loads: an element carrying a payload's handler or
 * script URL, even one that has not fired yet. Runs in the page; returns the offending
 * elements' outer HTML. (A payload's text inside an inline data script is not listed: it is
 * data there, and if it broke out, `__xss` reports the run itself.)
 */
export function injectedMarkup(): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      const value = element.getAttribute(attribute) ?? '';
      const handler = attribute.startsWith('on') && /__xss|alert/.test(value);
      const scriptUrl =
        ['href', 'src', 'action', 'data', 'formaction'].includes(attribute) &&
        // Browsers ignore spaces and control characters inside a URL's scheme.
        /^(javascript|data:text\/html)/i.test(
          [...value].filter((character) => character.charCodeAt(0) > 0x20).join(''),
        );
      if (handler || scriptUrl) found.push(element.outerHTML.slice(0, 200));
    }
  }
  return found;
}
