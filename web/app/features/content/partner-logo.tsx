import { useEffect, useRef, useState } from "react";

/** A partner's logo; when it is missing or fails, a monogram tile with the partner's initials. */
export function PartnerLogo({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(!src);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed || !src) {
    const initials = name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0])
      .join("");
    return (
      <div
        role="img"
        aria-label={`${name} logo`}
        className="flex h-24 w-full items-center justify-center rounded-lg bg-navy-50 font-display text-3xl font-bold text-navy-800"
      >
        {initials}
      </div>
    );
  }
  return (
    <img
      ref={imgRef}
      src={src}
      alt={`${name} logo`}
      width={320}
      height={120}
      loading="lazy"
      className="h-24 w-full rounded-lg bg-stone-50 object-contain p-3"
      onError={() => setFailed(true)}
    />
  );
}
