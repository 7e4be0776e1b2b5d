// Claim kinds and photo limits without zod, for browser code (as orders-options.ts are).

/** Damage: boxes arrived broken. Shortage: fewer boxes arrived than were ordered. */
export const claimKinds = ["damage", "shortage"] as const;
export type ClaimKind = (typeof claimKinds)[number];

/** The photo types a claim accepts, read from the file's bytes (never its name), with the extension stored. */
export const claimPhotoTypes = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
} as const;
export type ClaimPhotoType = keyof typeof claimPhotoTypes;

/** At most this many photos with one claim. */
export const maxClaimPhotos = 5;
