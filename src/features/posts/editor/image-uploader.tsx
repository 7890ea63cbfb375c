import {
  AlertCircle,
  ArrowLeft,
  ArrowRight,
  Check,
  CloudOff,
  ImagePlus,
  RotateCw,
  X,
} from 'lucide-react';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { fillText } from '../../../../contract/page-messages';
import { POST_LIMITS, UPLOAD_MIME_TYPES } from '../../../../contract/post-rules';
import { SmartImage } from '../../../components/smart-image';
import { editorTexts } from './texts';
import type { UploadItem } from './upload-items';
import styles from './image-uploader.module.css';

export interface ImageUploaderProps {
  items: UploadItem[];
  onAdd: (files: Iterable<File>) => void;
  onRemove: (uid: string) => void;
  onRetry: (uid: string) => void;
  onMove: (uid: string, to: number) => void;
}

/** SPEC.md section 9: upload previews are 200 px. */
const PREVIEW_SIZES = '200px';
const TILE_DRAG_TYPE = 'application/x-note-image';
const STATUS_CLASS: Record<UploadItem['status'], string> = {
  uploading: styles.statusUploading,
  waiting: styles.statusWaiting,
  done: styles.statusDone,
  error: styles.statusError,
  removed: '',
};

/**
 * Up to nine images: pick or drop files, watch each upload's progress, retry a failed one
 * (its error text is the tooltip), and reorder by dragging or with the move buttons.
 */
export function ImageUploader({ items, onAdd, onRemove, onRetry, onMove }: ImageUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const full = items.length >= POST_LIMITS.imagesMax;

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropActive(false);
    if (event.dataTransfer.types.includes(TILE_DRAG_TYPE)) return;
    if (event.dataTransfer.files.length > 0) onAdd(event.dataTransfer.files);
  }

  return (
    <div
      className={dropActive ? `${styles.zone} ${styles.zoneActive}` : styles.zone}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault();
          setDropActive(true);
        }
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropActive(false);
      }}
      onDrop={onDrop}
    >
      <ul className={styles.grid}>
        {items.map((item, index) => (
          <li
            key={item.uid}
            className={[
              styles.tile,
              dragging === item.uid ? styles.tileDragging : '',
              STATUS_CLASS[item.status],
            ]
              .filter(Boolean)
              .join(' ')}
            draggable={items.length > 1}
            onDragStart={(event) => {
              event.dataTransfer.setData(TILE_DRAG_TYPE, item.uid);
              event.dataTransfer.effectAllowed = 'move';
              setDragging(item.uid);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => {
              if (event.dataTransfer.types.includes(TILE_DRAG_TYPE)) event.preventDefault();
            }}
            onDrop={(event) => {
              const uid = event.dataTransfer.getData(TILE_DRAG_TYPE);
              if (!uid) return;
              event.preventDefault();
              event.stopPropagation();
              setDragging(null);
              onMove(uid, index);
            }}
            title={
              item.status === 'error'
                ? item.response
                : item.status === 'waiting'
                  ? editorTexts.uploadWaiting
                  : item.name
            }
          >
            {item.status === 'done' ? (
              <SmartImage
                src={item.thumbUrl}
                alt={item.name}
                sizes={PREVIEW_SIZES}
                className={styles.preview}
              />
            ) : (
              <img src={item.thumbUrl} alt={item.name} className={styles.localPreview} />
            )}
            {index === 0 && <span className={styles.cover}>{editorTexts.cover}</span>}
            <div className={styles.progress}>
              <div
                className={styles.bar}
                role="progressbar"
                aria-label={item.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.percent}
                aria-valuetext={
                  item.status === 'error'
                    ? `${editorTexts.uploadError}：${item.response ?? ''}`
                    : item.status === 'waiting'
                      ? editorTexts.uploadWaiting
                      : `${item.percent}%`
                }
              >
                <span
                  className={styles.fill}
                  style={{
                    width: `${item.status === 'error' || item.status === 'waiting' ? 100 : item.percent}%`,
                  }}
                />
              </div>
              <span className={styles.state} aria-hidden>
                {item.status === 'uploading' && `${item.percent}%`}
                {item.status === 'done' && <Check size={14} />}
                {item.status === 'error' && <AlertCircle size={14} />}
                {item.status === 'waiting' && <CloudOff size={14} />}
              </span>
            </div>
            {item.status === 'waiting' && (
              <p className={styles.waitingText}>{editorTexts.uploadWaiting}</p>
            )}
            {item.status === 'error' && (
              <p className={styles.errorText} role="alert">
                {item.response ?? editorTexts.uploadError}
              </p>
            )}
            <div className={styles.tools}>
              {item.status === 'error' && (
                <button
                  type="button"
                  onClick={() => onRetry(item.uid)}
                  aria-label={editorTexts.retryUpload}
                  title={editorTexts.retryUpload}
                >
                  <RotateCw size={14} aria-hidden />
                </button>
              )}
              {items.length > 1 && (
                <>
                  <button
                    type="button"
                    onClick={() => onMove(item.uid, index - 1)}
                    disabled={index === 0}
                    aria-label={`${editorTexts.moveLeft}：${item.name}`}
                    title={editorTexts.moveLeft}
                  >
                    <ArrowLeft size={14} aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => onMove(item.uid, index + 1)}
                    disabled={index === items.length - 1}
                    aria-label={`${editorTexts.moveRight}：${item.name}`}
                    title={editorTexts.moveRight}
                  >
                    <ArrowRight size={14} aria-hidden />
                  </button>
                </>
              )}
              <button
                type="button"
                onClick={() => onRemove(item.uid)}
                aria-label={`${editorTexts.removeImage}：${item.name}`}
                title={editorTexts.removeImage}
              >
                <X size={14} aria-hidden />
              </button>
            </div>
          </li>
        ))}
        {!full && (
          <li className={styles.addTile}>
            <button type="button" className={styles.add} onClick={() => input.current?.click()}>
              <ImagePlus size={28} aria-hidden />
              <span>{editorTexts.addImages}</span>
              <span className={styles.count}>
                {fillText(editorTexts.imageCount, {
                  count: items.length,
                  max: POST_LIMITS.imagesMax,
                })}
              </span>
            </button>
          </li>
        )}
      </ul>
      <p className={styles.hint}>
        {dropActive
          ? editorTexts.dropHere
          : fillText(editorTexts.imagesHint, { max: POST_LIMITS.imagesMax })}
      </p>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        multiple
        hidden
        data-testid="image-input"
        onChange={(event) => {
          if (event.target.files) onAdd(Array.from(event.target.files));
          event.target.value = '';
        }}
      />
    </div>
  );
}
