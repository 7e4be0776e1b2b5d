// Review and question constants without zod, for browser code (as claims-options.ts are).

/** A review's stars: whole numbers from 1 to 5. */
export const minRating = 1;
export const maxRating = 5;

/** At most this many photos with one review. */
export const maxReviewPhotos = 6;

/** The orders a shopper may read a product's reviews in. */
export const reviewSortOptions = ["newest", "highest", "lowest", "with_photos"] as const;
export type ReviewSort = (typeof reviewSortOptions)[number];
export const reviewSortLabels: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  with_photos: "With photos",
};

/** Reviews shown per page on a product page. */
export const reviewsPerPage = 5;

/** Where the floor went, as the review form offers it. */
export const reviewRooms = [
  "Living room",
  "Kitchen",
  "Bedroom",
  "Bathroom",
  "Basement",
  "Whole home",
  "Office",
  "Other",
] as const;

/** How hard the floor is used, as the review form offers it. */
export const reviewFloorUses = [
  "Light: adults only",
  "Family with kids",
  "Pets",
  "Busy household: kids and pets",
  "Commercial",
] as const;

/** Moderation states: nothing is public before `approved`. */
export const moderationStatuses = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

/** Why the moderation queue marks an entry for a closer look. */
export const moderationFlags = ["profanity", "link"] as const;
export type ModerationFlag = (typeof moderationFlags)[number];
export const moderationFlagLabels: Record<ModerationFlag, string> = {
  profanity: "Possible profanity",
  link: "Contains a link",
};

/** The product list's "rating" filter: products averaging at least this many stars. */
export const minRatingFilters = [4, 3] as const;

/** The page a review request email links to (the token opens the form without signing in). */
export const reviewLinkPath = "/reviews/write";

/** "Jordan Carter" → "Jordan C.": how a reviewer or asker is shown. */
export function shownReviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  const last = parts.length > 1 ? parts[parts.length - 1] : "";
  if (!first) return "A shopper";
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
