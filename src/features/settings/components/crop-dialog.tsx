import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import {
  centredOffset,
  clampOffset,
  MAX_ZOOM,
  MIN_ZOOM,
  scaleAt,
  sourceSquare,
  zoomAroundCentre,
} from '../avatar/square-crop';
import type { Point, Size } from '../avatar/square-crop';
import { renderSquare } from '../avatar/render-square';
import { settingsTexts } from '../texts';
import styles from './crop-dialog.module.css';

const texts = settingsTexts.crop;
/** The viewport's side on screen, in px. */
const VIEW = 280;
const KEY_STEP = 10;

export interface CropDialogProps {
  /** The picture chosen; null closes the dialog. */
  file: File | null;
  onCancel: () => void;
  onCropped: (square: File) => void;
}

/** Crops the chosen picture to a square in a canvas, before anything is uploaded. */
export function CropDialog({ file, onCancel, onCropped }: CropDialogProps) {
  return (
    <Modal open={file !== null} onClose={onCancel} title={texts.title} width={360}>
      {file && (
        <Cropper
          key={`${file.name}-${file.lastModified}`}
          file={file}
          onCancel={onCancel}
          onCropped={onCropped}
        />
      )}
    </Modal>
  );
}

function Cropper({ file, onCancel, onCropped }: { file: File } & Omit<CropDialogProps, 'file'>) {
  const [url, setUrl] = useState<string | null>(null);
  const [image, setImage] = useState<(Size & { element: HTMLImageElement }) | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ pointer: number; start: Point; from: Point } | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  function loaded(element: HTMLImageElement) {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    setImage({ ...size, element });
    setOffset(centredOffset(size, VIEW, MIN_ZOOM));
  }

  function move(next: Point) {
    if (image) setOffset(clampOffset(next, image, VIEW, zoom));
  }

  function changeZoom(next: number) {
    if (!image) return;
    setOffset(zoomAroundCentre(offset, image, VIEW, zoom, next));
    setZoom(next);
  }

  function pointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointer: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      from: offset,
    };
  }

  function pointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    move({
      x: current.from.x + event.clientX - current.start.x,
      y: current.from.y + event.clientY - current.start.y,
    });
  }

  function keyMove(event: KeyboardEvent<HTMLDivElement>) {
    const step = {
      ArrowLeft: { x: KEY_STEP, y: 0 },
      ArrowRight: { x: -KEY_STEP, y: 0 },
      ArrowUp: { x: 0, y: KEY_STEP },
      ArrowDown: { x: 0, y: -KEY_STEP },
    }[event.key];
    if (!step) return;
    event.preventDefault();
    move({ x: offset.x + step.x, y: offset.y + step.y });
  }

  async function confirm() {
    if (!image) return;
    setBusy(true);
    try {
      onCropped(
        await renderSquare(image.element, sourceSquare(image, VIEW, zoom, offset), file.type),
      );
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  const scale = image ? scaleAt(image, VIEW, zoom) : 0;

  return (
    <div className={styles.body}>
      <p className={styles.hint}>{failed ? texts.readFailed : texts.hint}</p>
      <div
        className={styles.viewport}
        style={{ width: VIEW, height: VIEW }}
        tabIndex={0}
        role="img"
        aria-label={texts.area}
        onPointerDown={pointerDown}
        onPointerMove={pointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={keyMove}
      >
        {url && (
          <img
            src={url}
            alt=""
            draggable={false}
            onLoad={(event) => loaded(event.currentTarget)}
            onError={() => setFailed(true)}
            className={styles.picture}
            style={
              image
                ? {
                    width: image.width * scale,
                    height: image.height * scale,
                    transform: `translate(${offset.x}px, ${offset.y}px)`,
                  }
                : { visibility: 'hidden' }
            }
          />
        )}
        <span className={styles.ring} aria-hidden="true" />
      </div>
      <label className={styles.zoom}>
        <span>{texts.zoom}</span>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          disabled={!image}
          onChange={(event) => changeZoom(Number(event.target.value))}
        />
      </label>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={!image || failed}
          loading={busy}
          loadingLabel={texts.working}
        >
          {texts.confirm}
        </Button>
      </div>
    </div>
  );
}
