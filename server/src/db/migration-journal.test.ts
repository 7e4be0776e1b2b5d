import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate.ts";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/**
 * The migrator applies a journal entry only when its `when` is later than the last one a database
 * has applied: an entry merged with an earlier `when` than one before it would be skipped forever
 * on every store already past it. Each file is in the journal once (0008 was written before 0004,
 * so the journal's order, not the numbers, is the order applied).
 */
describe("the migration journal", () => {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };

  it("lists every migration file once, each later than the one before it", () => {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => name.replace(/\.sql$/, ""))
      .sort();
    const tags = journal.entries.map((entry) => entry.tag);
    expect([...tags].sort()).toEqual(files);
    const times = journal.entries.map((entry) => entry.when);
    const later = times.every((when, index) => index === 0 || when > (times[index - 1] ?? 0));
    expect(later, `journal times: ${times.join(", ")}`).toBe(true);
  });
});
