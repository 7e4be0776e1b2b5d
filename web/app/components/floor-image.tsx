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
}: FloorImageProps) {
  const [current, setCurrent] = useState(src || fallbackSrc);
  const failedOnce = useRef(false);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    failedOnce.current = false;
    setCurrent(src || fallbackSrc);
  }, [src, fallbackSrc]);

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

  return (
    <>
      <img
        ref={imgRef}
        src={current}
        alt={alt}
        width={width}
        height={height}
        className={className}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        onError={fallBack}
      />
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
