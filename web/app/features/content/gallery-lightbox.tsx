import type { GalleryImage } from "@mcf/contracts/content";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { CloseIcon } from "../../components/icons.tsx";
import { GalleryPicture } from "./gallery-picture.tsx";

const focusableSelector =
  'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal photo viewer on the native <dialog>: Escape and the Close button close it, the arrow
 * keys move between photos, Tab stays inside, and focus returns to the opening thumbnail.
 */
export function GalleryLightbox({
  images,
  index,
  onNavigate,
  onClose,
}: {
  images: GalleryImage[];
  index: number | null;
  onNavigate: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (index !== null && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (index === null && dialog.open) {
      dialog.close();
    }
  }, [index]);

  const image = index === null ? null : images[index];
  const step = (delta: number) => {
    if (index === null) return;
    onNavigate((index + delta + images.length) % images.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      step(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      step(-1);
    } else if (event.key === "Tab") {
      const focusable = Array.from(
        dialogRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [],
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="lightbox-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the dark backdrop (the dialog itself, not its content) closes it.
        if (event.target === dialogRef.current) dialogRef.current?.close();
      }}
      className="m-auto max-h-[95vh] w-[min(1100px,95vw)] overflow-visible bg-transparent p-0 backdrop:bg-black/85"
    >
      {image ? (
        <figure className="relative overflow-hidden rounded-xl bg-white">
          <GalleryPicture
            key={image.src}
            src={image.src}
            alt={image.title}
            width={image.width}
            height={image.height}
            loading="eager"
            className="max-h-[70vh] w-full object-contain bg-stone-900"
          />
          <figcaption className="flex flex-wrap items-start justify-between gap-4 p-5">
            <div className="max-w-2xl">
              <h2 id="lightbox-title" className="mb-1 text-xl font-bold">
                {image.title}
              </h2>
              <p className="text-stone-700">{image.description}</p>
            </div>
            <p className="text-sm text-stone-500" aria-live="polite">
              {(index ?? 0) + 1} of {images.length}
            </p>
          </figcaption>
          <div className="flex items-center justify-between gap-2 border-t border-stone-200 p-3">
            <div className="flex gap-2">
              <button type="button" className="btn-outline" onClick={() => step(-1)}>
                ← Previous
              </button>
              <button type="button" className="btn-outline" onClick={() => step(1)}>
                Next →
              </button>
            </div>
            <button
              ref={closeRef}
              type="button"
              className="btn-dark"
              onClick={() => dialogRef.current?.close()}
            >
              <CloseIcon className="h-4 w-4" />
              Close
            </button>
          </div>
        </figure>
      ) : null}
    </dialog>
  );
}
