import type { ModerationFlag } from "@mcf/contracts/reviews-options";

/**
 * A small list of words a family store does not print. It only flags an entry for the moderator's
 * closer look (a person decides), so a short list with few false alarms beats a long one.
 */
const profanities = [
  "ass",
  "asshole",
  "bastard",
  "bitch",
  "bullshit",
  "crap",
  "cunt",
  "damn",
  "dick",
  "fuck",
  "fucked",
  "fucker",
  "fucking",
  "motherfucker",
  "piss",
  "pissed",
  "shit",
  "shitty",
  "slut",
  "twat",
  "whore",
];
const profanityPattern = new RegExp(`\\b(${profanities.join("|")})\\b`, "i");

/** Web addresses, bare domains of common endings and email addresses. */
const linkPattern =
  /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|co|info|biz|shop|xyz|us|ru|cn)\b|[^\s@]+@[^\s@]+\.[a-z]{2,})/i;

/** What a moderator should look at in these texts: possible profanity, a link. */
export function moderationFlagsOf(...texts: Array<string | null | undefined>): ModerationFlag[] {
  const text = texts.filter(Boolean).join("\n");
  const flags: ModerationFlag[] = [];
  if (profanityPattern.test(text)) flags.push("profanity");
  if (linkPattern.test(text)) flags.push("link");
  return flags;
}
