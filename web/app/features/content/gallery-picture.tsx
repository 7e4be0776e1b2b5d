import { useEffect, useRef, useState } from "react";

/** A gallery photo that shows "Image not available" instead of a broken image. */
export function GalleryPicture({
  src,
  alt,
  width,
  height,
  className,
  loading = "lazy",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: "lazy" | "eager";
}) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have fired before hydration attached the handler.
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-stone-100 text-stone-500 ${className ?? ""}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        Image not available
      </div>
    );
  }
  return (
    <img
      ref={imgRef}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
