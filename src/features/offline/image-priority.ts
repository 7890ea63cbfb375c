import { activeWorker } from './service-worker';

/** Matches the worker's message handler. */
export const VISIBLE_IMAGES_MESSAGE = 'VISIBLE_IMAGES';

const REPORT_DELAY_MS = 100;
/** Images about to scroll in count as on screen: they are the next ones the reader sees. */
const NEAR_SCREEN = '200px';

function uploadUrl(image: HTMLImageElement): string | null {
  const url = image.currentSrc || image.src;
  return url.includes('/api/uploads/') ? url : null;
}

/**
 * Tells the worker which uploaded images are on screen, so its rate limiter sends those first
 * ("images on screen first", SPEC.md section 9). Watches every <img> the page adds, whatever
 * component drew it. Returns the cleanup.
 */
export function startImagePriority(): () => void {
  if (typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined') {
    return () => undefined;
  }
  const visible = new Set<HTMLImageElement>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const report = () => {
    timer = null;
    const urls = [...visible].map(uploadUrl).filter((url): url is string => url !== null);
    activeWorker()?.postMessage({ type: VISIBLE_IMAGES_MESSAGE, urls });
  };
  const scheduleReport = () => {
    timer ??= setTimeout(report, REPORT_DELAY_MS);
  };

  const intersections = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const image = entry.target as HTMLImageElement;
        if (entry.isIntersecting) visible.add(image);
        else visible.delete(image);
      }
      scheduleReport();
    },
    { rootMargin: NEAR_SCREEN },
  );

  const watch = (node: Node) => {
    if (node instanceof HTMLImageElement) intersections.observe(node);
    else if (node instanceof Element) node.querySelectorAll('img').forEach((image) => watch(image));
  };
  const forget = (node: Node) => {
    if (node instanceof HTMLImageElement) {
      intersections.unobserve(node);
      visible.delete(node);
    } else if (node instanceof Element) {
      node.querySelectorAll('img').forEach((image) => forget(image));
    }
  };

  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach(watch);
      record.removedNodes.forEach(forget);
    }
  });
  watch(document.body);
  mutations.observe(document.body, { childList: true, subtree: true });

  return () => {
    mutations.disconnect();
    intersections.disconnect();
    if (timer !== null) clearTimeout(timer);
  };
}
