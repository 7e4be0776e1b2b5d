import { eq } from "drizzle-orm";
import { beforeEach } from "vitest";
import { type contactMessages, mailOutbox, type projectInquiries } from "../src/db/schema/index.ts";
import { type TestApp, useTestApp } from "./test-app.ts";

/**
 * A test app for one lead form's endpoint (contact messages or project inquiries). Each test
 * starts with none of `leads` new and no mail waiting, and posts from an address of its own
 * (`client.address`, in `subnet`), so the per-address limit only bites where a test asks for it.
 */
export function useLeadTestApp(
  leads: typeof contactMessages | typeof projectInquiries,
  subnet: string,
): { t: TestApp; client: { address: string } } {
  const t = useTestApp();
  const client = { address: "" };
  let clientNumber = 0;
  beforeEach(async () => {
    clientNumber += 1;
    client.address = `${subnet}.${clientNumber}`;
    await t.database.db.delete(leads).where(eq(leads.status, "new"));
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.status, "pending"));
  });
  return { t, client };
}
