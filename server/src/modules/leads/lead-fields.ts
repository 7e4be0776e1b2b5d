/** Optional free text as stored: trimmed, and null when empty or absent. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Lead forms accept this many submissions per client address per hour. */
export const leadSubmissionsPerHour = 10;
