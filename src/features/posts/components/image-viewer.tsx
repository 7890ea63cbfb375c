import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { SLIDE_IMAGE_SIZES } from '../../../../contract/image-variants';
import { fillText } from '../../../../contract/page-messages';
import type { ImageRef } from '../../../../contract/post';
import { SmartImage } from '../../../components/smart-image';
import { noteTexts } from '../note-texts';
import styles from './image-viewer.module.css';

/** The frame keeps the first image's shape, within these bounds (width / height). */
const MIN_RATIO = 3 / 4;
const MAX_RATIO = 4 / 3;
const THUMB_SIZES = '64px';

/**
 * A note's images: a swipeable carousel with dots on phones, the same slides with arrows and
 * a row of thumbnails from 1024 px.
 */
export function ImageViewer({ images, title }: { images: ImageRef[]; title: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const first = images[0];
  const ratio = first?.width && first.height ? first.width / first.height : 1;
  const frameRatio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));

  function goTo(index: number) {
    const element = track.current;
    const target = Math.max(0, Math.min(images.length - 1, index));
    if (!element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({
      left: target * element.clientWidth,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
    setCurrent(target);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') goTo(current - 1);
    else if (event.key === 'ArrowRight') goTo(current + 1);
    else return;
    event.preventDefault();
  }

  if (!first) return null;
  const label = (index: number) => fillText(noteTexts.imageAlt, { title, index: index + 1 });

  return (
    <div className={styles.viewer}>
      <div className={styles.stage} style={{ aspectRatio: String(frameRatio) }}>
        <div
          ref={track}
          className={styles.track}
          tabIndex={images.length > 1 ? 0 : -1}
          role="region"
          aria-roledescription="carousel"
          aria-label={title}
          onKeyDown={onKeyDown}
          onScroll={(event) => {
            const element = event.currentTarget;
            if (element.clientWidth > 0) {
              setCurrent(Math.round(element.scrollLeft / element.clientWidth));
            }
          }}
        >
          {images.map((image, index) => (
            <div
              key={`${image.url}-${index}`}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${images.length}`}
            >
              <SmartImage
                src={image.url}
                alt={label(index)}
                sizes={SLIDE_IMAGE_SIZES}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                className={styles.slideImage}
              />
            </div>
          ))}
        </div>
        {images.length > 1 && (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              onClick={() => goTo(current - 1)}
              disabled={current === 0}
              aria-label={noteTexts.previousImage}
            >
              <ChevronLeft size={20} aria-hidden />
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              onClick={() => goTo(current + 1)}
              disabled={current === images.length - 1}
              aria-label={noteTexts.nextImage}
            >
              <ChevronRight size={20} aria-hidden />
            </button>
            <span className={styles.counter} aria-hidden>
              {current + 1}/{images.length}
            </span>
            <div className={styles.dots} aria-hidden>
              {images.map((image, index) => (
                <span
                  key={`${image.url}-${index}`}
                  className={index === current ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                />
              ))}
            </div>
          </>
        )}
      </div>
      {images.length > 1 && (
        <div className={styles.thumbs}>
          {images.map((image, index) => (
            <button
              key={`${image.url}-${index}`}
              type="button"
              className={index === current ? `${styles.thumb} ${styles.thumbActive}` : styles.thumb}
              onClick={() => goTo(index)}
              aria-label={fillText(noteTexts.showImage, { index: index + 1 })}
              aria-current={index === current}
            >
              <SmartImage
                src={image.url}
                alt=""
                sizes={THUMB_SIZES}
                className={styles.thumbImage}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
