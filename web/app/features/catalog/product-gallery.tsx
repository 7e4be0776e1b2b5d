import type { ProductImage } from "@mcf/contracts/product-images";
import { useState } from "react";
import { FloorImage } from "../../components/floor-image.tsx";

export interface GalleryImages {
  thumbnail_image_url: string | null;
  main_image_url: string | null;
  secondary_image_url: string | null;
  image_url: string | null;
  images: ProductImage[];
}

interface Slide {
  src: string;
  thumb: string;
  label: string;
  width: number;
  height: number;
  photo?: ProductImage;
}

/** The large image's layout width: the page's half from `lg` up, else the whole width. */
const mainSizes = "(min-width: 1280px) 36rem, (min-width: 1024px) 45vw, 100vw";

/**
 * The product's distinct images: uploaded photos first in the order staff set, then main (or
 * image_url, or thumbnail), then the secondary one.
 */
function slidesOf(images: GalleryImages, customerPhotos: ProductImage[]): Slide[] {
  const main = images.main_image_url || images.image_url || images.thumbnail_image_url;
  const slides: Slide[] = images.images.map((photo) => ({
    src: photo.id,
    thumb: photo.id,
    label: "Product photo",
    width: photo.width,
    height: photo.height,
    photo,
  }));
  if (main) {
    slides.push({
      src: main,
      thumb: images.thumbnail_image_url || main,
      label: "Product photo",
      width: 1000,
      height: 1000,
    });
  }
  if (images.image_url && images.image_url !== main) {
    slides.push({
      src: images.image_url,
      thumb: images.image_url,
      label: "Product photo",
      width: 1000,
      height: 1000,
    });
  }
  if (images.secondary_image_url && images.secondary_image_url !== main) {
    slides.push({
      src: images.secondary_image_url,
      thumb: images.secondary_image_url,
      label: "Room photo",
      width: 1000,
      height: 750,
    });
  }
  // Shoppers' photos from approved reviews come after the store's own.
  for (const photo of customerPhotos)
    slides.push({
      src: photo.id,
      thumb: photo.id,
      label: "Customer photo",
      width: photo.width,
      height: photo.height,
      photo,
    });
  return slides;
}

/** A large image with thumbnails to switch between the product's photos. */
export function ProductGallery({
  images,
  name,
  description,
  customerPhotos = [],
}: {
  images: GalleryImages;
  name: string;
  description?: string | null;
  /** Photos from the product's approved reviews. */
  customerPhotos?: ProductImage[];
}) {
  const slides = slidesOf(images, customerPhotos);
  const [active, setActive] = useState(0);
  const current = slides[active] ?? null;
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg border border-stone-200 bg-cream">
        <FloorImage
          key={current?.src ?? "default"}
          src={current?.photo ? null : current?.src}
          photo={current?.photo}
          sizes={mainSizes}
          alt={current ? `${name}: ${current.label.toLowerCase()}` : name}
          width={current?.width ?? 1000}
          height={current?.height ?? 1000}
          loading="eager"
          fetchPriority="high"
          structuredData
          title={name}
          description={description ?? name}
          className="aspect-square w-full object-cover"
        />
      </div>
      {slides.length > 1 ? (
        <ul className="flex flex-wrap gap-3" aria-label="Product photos">
          {slides.map((slide, index) => (
            <li key={slide.src}>
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-label={`Show ${slide.label.toLowerCase()} ${index + 1}`}
                aria-pressed={index === active}
                className={`block overflow-hidden rounded-md border-2 ${index === active ? "border-oak-600" : "border-transparent hover:border-stone-300"}`}
              >
                <FloorImage
                  src={slide.photo ? null : slide.thumb}
                  photo={slide.photo}
                  sizes="5rem"
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
