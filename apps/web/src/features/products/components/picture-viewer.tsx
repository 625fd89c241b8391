import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/use-translation';
import type { ProductMedia } from '@marketplace/shared/schemas/products';
import { ResponsiveImage } from './responsive-image';

const MAX_ZOOM = 4;
const DOUBLE_TAP_ZOOM = 2.5;
const DOUBLE_TAP_MS = 300;
// A horizontal move this long (px) on an unzoomed picture is a swipe to the next or previous one.
const SWIPE_DISTANCE = 50;

type Point = { x: number; y: number };
type View = { scale: number; x: number; y: number };
const UNZOOMED: View = { scale: 1, x: 0, y: 0 };

type PictureViewerProps = {
  images: string[];
  media: readonly ProductMedia[];
  title: string;
  startIndex: number;
  // Called with the picture shown last, so the gallery can show it too.
  onClose: (index: number) => void;
};

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clampScale = (scale: number) => Math.min(MAX_ZOOM, Math.max(1, scale));

// The product's pictures full screen: pinch or double-tap to zoom, drag to look around a zoomed picture,
// swipe to the next one; arrows and Escape on a keyboard. A modal dialog: focus stays inside while it is
// open and goes back to what opened it. Pointer events and a CSS transform, no library.
export function PictureViewer({ images, media, title, startIndex, onClose }: PictureViewerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [index, setIndex] = useState(startIndex);
  const [view, setView] = useState<View>(UNZOOMED);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The gesture in progress: where each finger (or the mouse) went down and is now.
  const pointers = useRef(new Map<number, { start: Point; now: Point }>());
  const gestureStart = useRef<{ view: View; spread: number; center: Point } | null>(null);
  const lastTap = useRef(0);
  const count = images.length;
  const image = images[index];

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  function show(next: number) {
    setIndex((next + count) % count);
    setView(UNZOOMED);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(index);
    } else if (event.key === 'ArrowRight' && count > 1) {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'ArrowLeft' && count > 1) {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === 'Tab') {
      // Focus stays inside the dialog.
      const focusable = [
        ...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? []),
      ];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  }

  // A zoomed picture is kept on screen: its edges can be dragged to the screen's edges, no further.
  function keepOnScreen(next: View): View {
    const box = dialogRef.current?.querySelector('.picture-viewer-stage')?.getBoundingClientRect();
    if (!box || box.width === 0) return next;
    const maxX = ((next.scale - 1) * box.width) / 2;
    const maxY = ((next.scale - 1) * box.height) / 2;
    return {
      ...next,
      x: Math.max(-maxX, Math.min(maxX, next.x)),
      y: Math.max(-maxY, Math.min(maxY, next.y)),
    };
  }

  function startGesture() {
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    gestureStart.current = {
      view,
      spread: b ? distance(a.now, b.now) : 0,
      center: b ? { x: (a.now.x + b.now.x) / 2, y: (a.now.y + b.now.y) / 2 } : a.now,
    };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, { start: point, now: point });
    startGesture();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const pointer = pointers.current.get(event.pointerId);
    const start = gestureStart.current;
    if (!pointer || !start) return;
    pointer.now = { x: event.clientX, y: event.clientY };
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      // Pinch: the picture grows with the spread of the two fingers and follows their middle.
      const center = { x: (a.now.x + b.now.x) / 2, y: (a.now.y + b.now.y) / 2 };
      const scale = clampScale(
        start.view.scale * (start.spread > 0 ? distance(a.now, b.now) / start.spread : 1),
      );
      setView(
        scale === 1
          ? UNZOOMED
          : {
              scale,
              x: start.view.x + center.x - start.center.x,
              y: start.view.y + center.y - start.center.y,
            },
      );
    } else if (start.view.scale > 1) {
      // Drag around a zoomed picture.
      setView(
        keepOnScreen({
          ...start.view,
          x: start.view.x + pointer.now.x - start.center.x,
          y: start.view.y + pointer.now.y - start.center.y,
        }),
      );
    }
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const pointer = pointers.current.get(event.pointerId);
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (!pointer) return;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other one now drags from where it is.
      startGesture();
      return;
    }
    gestureStart.current = null;
    if (wasPinch) return;
    const dx = pointer.now.x - pointer.start.x;
    const dy = pointer.now.y - pointer.start.y;
    if (view.scale === 1 && Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) && count > 1) {
      show(dx < 0 ? index + 1 : index - 1);
      return;
    }
    if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
      const now = event.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        setView(view.scale > 1 ? UNZOOMED : { scale: DOUBLE_TAP_ZOOM, x: 0, y: 0 });
        lastTap.current = 0;
      } else {
        lastTap.current = now;
      }
    }
  }

  function onPointerCancel(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) gestureStart.current = null;
  }

  if (!image) return null;
  return createPortal(
    <div
      ref={dialogRef}
      className="picture-viewer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="picture-viewer-bar">
        <h2 id={titleId} className="visually-hidden">
          {t('gallery.dialog', { title })}
        </h2>
        <p className="mb-0 small" aria-live="polite">
          {t('gallery.position', { number: index + 1, count })}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="btn-close btn-close-white"
          aria-label={t('gallery.close')}
          onClick={() => onClose(index)}
        />
      </div>
      <div
        className="picture-viewer-stage"
        data-testid="picture-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onDoubleClick={() => setView(view.scale > 1 ? UNZOOMED : { scale: DOUBLE_TAP_ZOOM, x: 0, y: 0 })}
      >
        <div
          className="picture-viewer-picture"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <ResponsiveImage
            key={image}
            url={image}
            media={media}
            alt={t('gallery.position', { number: index + 1, count })}
            sizes="100vw"
            isPriority
          />
        </div>
      </div>
      <p className="picture-viewer-hint small mb-0" aria-hidden="true">
        {t('gallery.zoomHint')}
      </p>
      {count > 1 && (
        <>
          <button
            type="button"
            className="picture-viewer-nav picture-viewer-previous"
            aria-label={t('gallery.previous')}
            onClick={() => show(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="picture-viewer-nav picture-viewer-next"
            aria-label={t('gallery.next')}
            onClick={() => show(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
