import { useEffect, useRef, useState } from 'react';
import { FALLBACK_IMAGE, imageSrcSet, resolveImageUrl } from '../lib/image-url';
import styles from './smart-image.module.css';

export interface SmartImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size: with both, the frame reserves the aspect ratio so nothing jumps. */
  width?: number;
  height?: number;
  className?: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * SPEC.md section 2's image display: a placeholder, then the image; on failure the fallback
 * image, with no retry.
 */
export function SmartImage({
  src,
  alt,
  width,
  height,
  className,
  sizes,
  loading = 'lazy',
  fetchPriority,
}: SmartImageProps) {
  const resolved = resolveImageUrl(src);
  // Remembering which URL loaded or failed (rather than a flag) resets both when src changes.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = !resolved || failedUrl === resolved;
  const shown = failed ? FALLBACK_IMAGE : resolved;
  const loaded = loadedUrl === shown;
  // Only lazy images fade in: one above the fold shows the moment it decodes, since waiting for
  // the load event and a re-render would hold back the page's largest paint.
  const hidden = !loaded && loading === 'lazy';
  const ratio = width && height ? `${width} / ${height}` : undefined;
  // An image of a server-rendered page may have loaded, or failed, before the page hydrated,
  // when nothing listened for its events.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element?.complete || !element.currentSrc) return;
    if (element.naturalWidth > 0) setLoadedUrl(shown);
    else if (!failed) setFailedUrl(resolved);
  }, [shown, resolved, failed]);

  return (
    <span
      className={[styles.frame, loaded ? '' : 'shimmer', className].filter(Boolean).join(' ')}
      style={ratio ? { aspectRatio: ratio } : undefined}
    >
      <img
        ref={image}
        className={hidden ? `${styles.image} ${styles.hidden}` : styles.image}
        src={shown}
        srcSet={failed || !sizes ? undefined : imageSrcSet(resolved)}
        sizes={failed ? undefined : sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        onLoad={() => setLoadedUrl(shown)}
        onError={() => {
          if (!failed) setFailedUrl(resolved);
        }}
      />
    </span>
  );
}
