import { productImageSrcSet, productImageUrl } from "@mcf/contracts/product-image-urls";
import type { ProductImage } from "@mcf/contracts/product-images";
import { useEffect, useRef, useState } from "react";
import { JsonLd } from "./json-ld.tsx";

export const defaultFlooringImage = "/img/default-flooring.webp";
export const defaultFlooringThumb = "/img/default-flooring-thumb.webp";

export interface FloorImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Used for the image structured data. */
  title?: string;
  description?: string;
  /** Emit ImageObject JSON-LD (product and gallery images). */
  structuredData?: boolean;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  fallbackSrc?: string;
  /**
   * An uploaded product photo: shown instead of `src`, as AVIF or WebP at the width the layout
   * needs (`srcset` with `sizes`).
   */
  photo?: ProductImage | null;
  /** How wide the image is laid out, for the browser to pick a width (`sizes`). */
  sizes?: string;
}

/** The copy a browser without `srcset` loads: the first at least 640 wide, else the largest. */
function defaultPhotoSrc(photo: ProductImage): string {
  const width = photo.widths.find((w) => w >= 640) ?? photo.widths[photo.widths.length - 1];
  return productImageUrl(photo.id, width ?? photo.width, "webp");
}

/**
 * An image that falls back once to the default flooring image when it fails to load,
 * including failures that happen before hydration.
 */
export function FloorImage({
  src,
  alt,
  width,
  height,
  className,
  title,
  description,
  structuredData = false,
  loading = "lazy",
  fetchPriority,
  fallbackSrc = defaultFlooringImage,
  photo,
  sizes,
}: FloorImageProps) {
  const wanted = photo ? defaultPhotoSrc(photo) : src || fallbackSrc;
  const [current, setCurrent] = useState(wanted);
  const failedOnce = useRef(false);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    failedOnce.current = false;
    setCurrent(wanted);
  }, [wanted]);

  const fallBack = () => {
    if (failedOnce.current) return;
    failedOnce.current = true;
    setCurrent(fallbackSrc);
  };

  useEffect(() => {
    const img = imgRef.current;
    // The error may have fired before React attached its handler.
    if (img?.complete && img.naturalWidth === 0 && current !== fallbackSrc) fallBack();
  });

  // After a failure the fallback is a plain image: no srcset left to choose a broken copy again.
  const showPhoto = photo && current !== fallbackSrc ? photo : null;
  const img = (
    <img
      ref={imgRef}
      src={current}
      srcSet={showPhoto ? productImageSrcSet(showPhoto, "webp") : undefined}
      sizes={showPhoto ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      onError={fallBack}
    />
  );
  return (
    <>
      {showPhoto ? (
        <picture className="contents">
          <source type="image/avif" srcSet={productImageSrcSet(showPhoto, "avif")} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
      {structuredData ? (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "ImageObject",
            src: current,
            contentUrl: current,
            alt,
            title: title ?? alt,
            description: description ?? alt,
          }}
        />
      ) : null}
    </>
  );
}
