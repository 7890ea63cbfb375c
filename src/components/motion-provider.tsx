import { LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

// The animation features arrive in their own chunk the first time something animates.
const loadFeatures = () => import('../lib/motion-features').then((module) => module.default);

/**
 * Wrap `m.*` components in this: framer-motion's features load lazily and the reader's
 * prefers-reduced-motion turns motion off. Kept out of the app root so pages that never
 * animate never download framer-motion.
 */
export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
