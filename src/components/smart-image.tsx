import { useState } from 'react';
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
  // HTML drawn on the server (the first screen) has no script to end a placeholder's shimmer or
  // reveal an image, so there neither is used.
  const drawnOnServer = typeof window === 'undefined';
  // Only lazy images fade in: one above the fold shows the moment it decodes, since waiting for
  // the load event and a re-render would hold back the page's largest paint.
  const hidden = !loaded && loading === 'lazy' && !drawnOnServer;
  const ratio = width && height ? `${width} / ${height}` : undefined;

  return (
    <span
      className={[styles.frame, loaded || drawnOnServer ? '' : 'shimmer', className]
        .filter(Boolean)
        .join(' ')}
      style={ratio ? { aspectRatio: ratio } : undefined}
    >
      <img
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
