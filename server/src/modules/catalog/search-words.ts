/**
 * The words flooring shoppers use, and what each means in the catalogue: a product type, a
 * yes/no feature, or words the product's own text will contain. Shoppers type "lvp" and "pet
 * friendly"; the catalogue says type "vinyl" and `features.pet_friendly`. One table, read by the
 * search and by its tests.
 */
export interface SearchMeaning {
  /** The product's `type` must be this. */
  type?: string;
  /** `features[feature]` must be true. */
  feature?: string;
  /** Words the product's text must also contain (searched like typed words). */
  words?: string[];
}

const searchSynonyms: Array<{ phrases: string[]; means: SearchMeaning }> = [
  {
    phrases: [
      "lvp",
      "lvt",
      "spc",
      "wpc",
      "luxury vinyl plank",
      "luxury vinyl tile",
      "luxury vinyl",
      "vinyl plank",
      "vinyl planks",
      "rigid core",
      "vinyl flooring",
    ],
    means: { type: "vinyl" },
  },
  {
    phrases: ["wood look tile", "wood-look tile", "wood look porcelain", "wood tile", "plank tile"],
    means: { type: "tile", words: ["wood"] },
  },
  {
    phrases: ["engineered hardwood", "engineered wood"],
    means: { type: "hardwood", words: ["engineered"] },
  },
  {
    phrases: ["solid hardwood", "solid wood"],
    means: { type: "hardwood", words: ["solid"] },
  },
  { phrases: ["hardwood", "hard wood", "wood floor", "wood floors"], means: { type: "hardwood" } },
  { phrases: ["laminate", "laminate flooring"], means: { type: "laminate" } },
  { phrases: ["porcelain", "ceramic", "stone tile"], means: { type: "tile" } },
  { phrases: ["carpet", "carpeting", "wall to wall", "broadloom"], means: { type: "carpet" } },
  { phrases: ["waterproof", "water proof"], means: { feature: "waterproof" } },
  { phrases: ["water resistant", "water-resistant"], means: { feature: "water_resistant" } },
  {
    phrases: [
      "pet friendly",
      "pet-friendly",
      "pet proof",
      "pets",
      "dog friendly",
      "scratch resistant",
    ],
    means: { feature: "pet_friendly" },
  },
  {
    phrases: [
      "radiant heat",
      "heated floor",
      "heated floors",
      "floor heating",
      "underfloor heating",
    ],
    means: { feature: "radiant_heat_compatible" },
  },
  { phrases: ["basement", "below grade"], means: { feature: "below_grade_ok" } },
  { phrases: ["hand scraped", "hand-scraped", "handscraped"], means: { feature: "hand_scraped" } },
  { phrases: ["wire brushed", "wire-brushed", "wirebrushed"], means: { feature: "wire_brushed" } },
  { phrases: ["commercial", "high traffic"], means: { feature: "commercial_rated" } },
  { phrases: ["outdoor", "patio", "exterior"], means: { feature: "outdoor_rated" } },
  { phrases: ["stain resistant", "kid friendly"], means: { feature: "stain_resistant" } },
  { phrases: ["refinishable", "sandable"], means: { feature: "refinishable" } },
  {
    phrases: ["attached pad", "attached underlayment", "pre-attached pad"],
    means: { feature: "attached_underlayment" },
  },
];

/** Words that say nothing about which product is wanted. */
const stopWords = new Set([
  "and",
  "&",
  "the",
  "a",
  "an",
  "for",
  "with",
  "in",
  "of",
  "floor",
  "floors",
  "flooring",
]);

/**
 * Words that ask for an accessory rather than a floor, as `parseSearch` leaves them (a flooring
 * phrase such as "attached underlayment" is read first, so it is not one). "Glue" is not here:
 * "glue down vinyl" asks for floors. A search with one of them shows accessories ahead of floors.
 */
const accessoryWords = new Set([
  "underlayment",
  "underlay",
  "pad",
  "padding",
  "adhesive",
  "transition",
  "transitions",
  "molding",
  "moldings",
  "moulding",
  "t-molding",
  "reducer",
  "reducers",
  "stair",
  "stairs",
  "nose",
  "nosing",
  "quarter",
  "round",
  "trim",
]);

/** Whether a search's words (`ParsedSearch.words`) ask for an accessory. */
export function asksForAccessory(words: string[]): boolean {
  return words.some((word) => accessoryWords.has(word));
}

/** The shortest typed word that may match by likeness rather than by its letters. */
export const minFuzzyWordLength = 4;

/**
 * Words spelled two ways in US and British English: a search with either finds products with
 * either ("grey" finds "Harbor Gray").
 */
const spellingVariants = [
  ["gray", "grey"],
  ["color", "colour"],
  ["colors", "colours"],
  ["colored", "coloured"],
  ["molding", "moulding"],
  ["moldings", "mouldings"],
  ["center", "centre"],
  ["gauge", "gage"],
];
const spellingsByWord = new Map(
  spellingVariants.flatMap((spellings) => spellings.map((word) => [word, spellings] as const)),
);

/** A typed word and its other spellings, the word first. */
export function spellingsOf(word: string): string[] {
  const spellings = spellingsByWord.get(word);
  return spellings ? [word, ...spellings.filter((other) => other !== word)] : [word];
}

/**
 * A text's three-letter pieces as PostgreSQL's pg_trgm makes them: lowercased, split into words at
 * anything not a letter or digit, each word padded with two spaces before and one after.
 */
function trigramsOf(text: string): Set<string> {
  const pieces = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) pieces.add(padded.slice(i, i + 3));
  }
  return pieces;
}

/**
 * How alike two words are, as pg_trgm's `similarity` measures it: shared pieces (`trigramsOf`)
 * over all pieces of both; 0 when neither has any. Only for reading a typed word as one of the
 * few flooring phrases above (a search is read before any SQL is written); products are matched
 * by the database.
 */
export function trigramSimilarity(a: string, b: string): number {
  return similarityOfPieces(trigramsOf(a), trigramsOf(b));
}

function similarityOfPieces(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const piece of left) if (right.has(piece)) shared++;
  const all = left.size + right.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** Every phrase with its meaning, longest first (read once: parsing runs on every keystroke). */
const phrasesByLength = searchSynonyms
  .flatMap(({ phrases, means }) =>
    phrases.map((phrase) => ({ phrase, padded: ` ${phrase} `, means })),
  )
  .sort((a, b) => b.phrase.length - a.phrase.length);

/** The one-word phrases a typed word may be a typo of, with their pieces. */
const oneWordPhrases = phrasesByLength
  .filter(({ phrase }) => !phrase.includes(" "))
  .map((entry) => ({ ...entry, pieces: trigramsOf(entry.phrase) }));

/** The one-word phrase a typed word is a letter or two off ("waterprof"), if any. */
function knownPhraseLike(word: string): (typeof oneWordPhrases)[number] | null {
  if (word.length < minFuzzyWordLength) return null;
  const pieces = trigramsOf(word);
  return oneWordPhrases.find((entry) => similarityOfPieces(pieces, entry.pieces) >= 0.5) ?? null;
}

/** What a search asks for once the shopper's words are read. */
export interface ParsedSearch {
  /** Lowercase words left to find in the product's text. */
  words: string[];
  types: string[];
  features: string[];
  /** Typed words read as the known phrase they are a letter or two off ("laminte" → "laminate"). */
  readAs: { typed: string; phrase: string }[];
}

/**
 * Reads a search: lowercase, punctuation dropped, then the longest known phrases first (so
 * "luxury vinyl plank" is one meaning, not three words). A single word a letter or two off a
 * known one-word phrase ("waterprof", "laminte") is read as that phrase.
 */
export function parseSearch(text: string): ParsedSearch {
  let rest = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
  const types = new Set<string>();
  const features = new Set<string>();
  const extraWords: string[] = [];
  const apply = (means: SearchMeaning) => {
    if (means.type) types.add(means.type);
    if (means.feature) features.add(means.feature);
    extraWords.push(...(means.words ?? []));
  };
  for (const { padded, means } of phrasesByLength) {
    if (rest.includes(padded)) {
      rest = rest.replaceAll(padded, " ");
      apply(means);
    }
  }
  const words: string[] = [];
  const readAs: ParsedSearch["readAs"] = [];
  for (const word of rest.split(" ").filter((word) => word && !stopWords.has(word))) {
    const known = knownPhraseLike(word);
    if (known) {
      apply(known.means);
      readAs.push({ typed: word, phrase: known.phrase });
    } else words.push(word);
  }
  return {
    words: [...new Set([...words, ...extraWords])],
    types: [...types],
    features: [...features],
    readAs,
  };
}
