import type { AdminProduct } from "@mcf/contracts/product";
import { maxProductImages } from "@mcf/contracts/product-image-urls";
import { type ProductImage, productImageUploadTypes } from "@mcf/contracts/product-images";
import { type DragEvent, useRef, useState } from "react";
import { FloorImage } from "../../components/floor-image.tsx";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { uploadProductPhotos } from "./product-photo-upload.ts";

const accept = Object.keys(productImageUploadTypes).join(",");

/** The product's image links, in the order the store tries them, each once. */
function imageLinks(product: AdminProduct): string[] {
  const links = [
    product.thumbnail_image_url,
    product.main_image_url,
    product.secondary_image_url,
    product.image_url,
  ].flatMap((link) => (link?.trim() ? [link.trim()] : []));
  return [...new Set(links)];
}

/**
 * With no uploads, the photos the store shows come from the image links: show those as the
 * current photos, so staff see one set of pictures, not an empty upload list beside them.
 */
function LinkedPhotos({ product }: { product: AdminProduct }) {
  const links = imageLinks(product);
  if (links.length === 0) return <p className="text-sm text-stone-600">No photos uploaded yet.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-700">
        Current photos, from the image links below. Upload photos to replace them.
      </p>
      <ul aria-label="Current photos" className="flex flex-wrap gap-2">
        {links.map((link, index) => (
          <li key={link}>
            <FloorImage
              src={link}
              alt={`Current photo ${index + 1}`}
              width={64}
              height={64}
              className="h-16 w-16 rounded border border-stone-200 object-cover"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The editor's photos of a saved product: drop files on the zone or choose them (several at
 * once), watch the upload, put them in order with Move earlier / Move later, delete one. The
 * server checks each file (type from its bytes, size, pixels) and says which one it refused.
 */
export function ProductPhotos({
  product,
  onChange,
}: {
  product: AdminProduct;
  onChange: (product: AdminProduct) => void;
}) {
  const { request } = useAdminSession();
  const [photos, setPhotos] = useState<ProductImage[]>(product.images);
  const [progress, setProgress] = useState<{ count: number; share: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const saved = (next: AdminProduct, message: string) => {
    setPhotos(next.images);
    setStatus(message);
    onChange(next);
  };

  const upload = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    setError(null);
    setBusy(true);
    setProgress({ count: files.length, share: 0 });
    try {
      const next = await uploadProductPhotos(product.id, files, (share) =>
        setProgress({ count: files.length, share }),
      );
      saved(next, files.length === 1 ? "Photo added" : `${files.length} photos added`);
    } catch (e) {
      setError(errorText(e, "Could not upload the photos"));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    setBusy(true);
    setError(null);
    try {
      const next = await request<AdminProduct>(`/api/admin/products/${product.id}/images/order`, {
        method: "PUT",
        body: { image_ids: ids },
      });
      saved(next, `Photo moved to position ${index + by + 1}`);
      // Keep the keyboard on the photo that moved: the same button, or the other one once the
      // photo reaches an end and the same button is disabled.
      const position = index + by;
      const atEnd = by < 0 ? position === 0 : position === ids.length - 1;
      const sameWay = by < 0 ? "earlier" : "later";
      const otherWay = by < 0 ? "later" : "earlier";
      requestAnimationFrame(() =>
        buttons.current.get(`${moved}:${atEnd ? otherWay : sameWay}`)?.focus(),
      );
    } catch (e) {
      setError(errorText(e, "Could not change the order"));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (photo: ProductImage, index: number) => {
    if (!window.confirm(`Delete photo ${index + 1}?`)) return;
    setBusy(true);
    setError(null);
    try {
      const next = await request<AdminProduct>(
        `/api/admin/products/${product.id}/images/${photo.id}`,
        { method: "DELETE" },
      );
      saved(next, "Photo deleted");
    } catch (e) {
      setError(errorText(e, "Could not delete the photo"));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  const full = photos.length >= maxProductImages;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-xs font-bold tracking-wider text-oak-700 uppercase">
        Photos
      </legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is extra; the file chooser inside does the same by keyboard */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-oak-600 bg-oak-50" : "border-stone-300 bg-stone-50"}`}
      >
        <p className="text-stone-700">
          Drag photos here, or{" "}
          <label className="btn-outline inline-flex cursor-pointer px-3 py-1.5 focus-within:ring-2 focus-within:ring-oak-600">
            Choose images
            <input
              type="file"
              multiple
              accept={accept}
              disabled={busy || full}
              className="sr-only"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                void upload(files);
              }}
            />
          </label>
        </p>
        <p className="mt-2 text-xs text-stone-600">
          JPEG, PNG, WebP or AVIF, up to {maxProductImages} per product. The first photo is the one
          shown on product cards.
        </p>
      </div>
      {progress ? (
        <div className="space-y-1">
          <progress
            className="w-full"
            max={100}
            value={Math.round(progress.share * 100)}
            aria-label="Upload progress"
          />
          <p className="text-sm text-stone-700">
            {progress.share < 1
              ? `Uploading ${progress.count === 1 ? "1 photo" : `${progress.count} photos`}… ${Math.round(progress.share * 100)}%`
              : "Making the sizes for the store…"}
          </p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      {photos.length === 0 ? (
        <LinkedPhotos product={product} />
      ) : (
        <ol aria-label="Uploaded photos" className="space-y-2">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="flex items-center gap-3 rounded-md border border-stone-200 p-2"
            >
              <FloorImage
                src={null}
                photo={photo}
                sizes="4rem"
                alt={`Photo ${index + 1}`}
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded object-cover"
              />
              <span className="flex-1 text-sm">
                Photo {index + 1}
                {index === 0 ? " (card photo)" : ""}
                <span className="block text-xs text-stone-600">
                  {photo.width} × {photo.height}
                </span>
              </span>
              <span className="flex flex-wrap justify-end gap-1">
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current.set(`${photo.id}:earlier`, el);
                  }}
                  className="btn-outline px-2 py-1 text-xs"
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move photo ${index + 1} earlier`}
                >
                  ↑ Earlier
                </button>
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current.set(`${photo.id}:later`, el);
                  }}
                  className="btn-outline px-2 py-1 text-xs"
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move photo ${index + 1} later`}
                >
                  ↓ Later
                </button>
                <button
                  type="button"
                  className="btn border border-brick-600 px-2 py-1 text-xs text-brick-600 hover:bg-red-50"
                  disabled={busy}
                  onClick={() => remove(photo, index)}
                  aria-label={`Delete photo ${index + 1}`}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
