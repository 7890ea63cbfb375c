import { useState } from 'react';
import { DEFAULT_AVATAR } from '../../contract/user-rules';
import { resolveImageUrl } from '../lib/image-url';
import styles from './avatar.module.css';

export interface AvatarProps {
  src?: string | null;
  alt: string;
  /** Diameter in px. */
  size: number;
  className?: string;
}

/** A round avatar; a picture that fails to load gives way to the default head (SPEC.md §2). */
export function Avatar({ src, alt, size, className }: AvatarProps) {
  const resolved = resolveImageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = resolved && failedUrl !== resolved;
  return (
    <img
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      src={usable ? resolved : DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable) setFailedUrl(resolved);
      }}
    />
  );
}
