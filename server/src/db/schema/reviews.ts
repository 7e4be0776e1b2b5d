import type { ProductImage } from "@mcf/contracts/product-images";
import type { ModerationFlag, ModerationStatus } from "@mcf/contracts/reviews-options";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { timestamps } from "./columns.ts";
import { orderItems } from "./orders.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Moderation columns shared by reviews, questions and answers: nothing is public before approval. */
const moderation = {
  status: text("status").$type<ModerationStatus>().notNull().default("pending"),
  /** What the moderator should look at closely (possible profanity, a link). */
  flags: jsonb("flags").$type<ModerationFlag[]>().notNull().default([]),
  rejection_reason: text("rejection_reason"),
  moderated_by: text("moderated_by"),
  moderated_at: at("moderated_at"),
};
const statusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('pending', 'approved', 'rejected')`);

/** A shopper's review of a product: stars, words, photos (resized copies), the room and use. */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** As the reviewer typed it; shown as first name and initial. */
    author_name: text("author_name").notNull(),
    author_email: text("author_email").notNull(),
    room: text("room"),
    floor_use: text("floor_use"),
    photos: jsonb("photos").$type<ProductImage[]>().notNull().default([]),
    /** The reviewer's email bought the product (a paid, not cancelled line), or came by its link. */
    verified_buyer: boolean("verified_buyer").notNull().default(false),
    /** The order line whose review request link was used: one review per line. */
    order_item_id: integer("order_item_id"),
    ...moderation,
    reply: text("reply"),
    replied_at: at("replied_at"),
    ...timestamps,
  },
  (t) => [
    index("product_reviews_product_idx").on(t.product_id, t.status, t.created_at),
    index("product_reviews_status_idx").on(t.status, t.created_at),
    uniqueIndex("product_reviews_order_item_unique")
      .on(t.order_item_id)
      .where(sql`${t.order_item_id} is not null`),
    check("product_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    statusCheck("product_reviews_status_check", t.status),
  ],
);
export type ProductReviewRow = typeof productReviews.$inferSelect;

/** A shopper's question about a product; public once approved and answered. */
export const productQuestions = pgTable(
  "product_questions",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    asker_name: text("asker_name").notNull(),
    asker_email: text("asker_email").notNull(),
    ...moderation,
    ...timestamps,
  },
  (t) => [
    index("product_questions_product_idx").on(t.product_id, t.status, t.created_at),
    index("product_questions_status_idx").on(t.status, t.created_at),
    statusCheck("product_questions_status_check", t.status),
  ],
);
export type ProductQuestionRow = typeof productQuestions.$inferSelect;

/** An answer to a question: the store's (approved as written) or a verified buyer's (moderated). */
export const productAnswers = pgTable(
  "product_answers",
  {
    id: serial("id").primaryKey(),
    question_id: integer("question_id")
      .notNull()
      .references(() => productQuestions.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    author_kind: text("author_kind").$type<"staff" | "buyer">().notNull(),
    author_name: text("author_name").notNull(),
    author_email: text("author_email"),
    ...moderation,
    ...timestamps,
  },
  (t) => [
    index("product_answers_question_idx").on(t.question_id, t.status),
    index("product_answers_status_idx").on(t.status, t.created_at),
    check("product_answers_kind_check", sql`${t.author_kind} in ('staff', 'buyer')`),
    statusCheck("product_answers_status_check", t.status),
  ],
);
export type ProductAnswerRow = typeof productAnswers.$inferSelect;

/**
 * The one review request email of a delivered order line: the primary key makes it once per
 * line; the link's token is kept only as a hash.
 */
export const reviewRequests = pgTable("review_requests", {
  order_item_id: integer("order_item_id")
    .primaryKey()
    .references(() => orderItems.id, { onDelete: "cascade" }),
  product_id: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  customer_name: text("customer_name").notNull(),
  token_hash: text("token_hash").notNull().unique(),
  queued_at: at("queued_at").notNull().defaultNow(),
  used_at: at("used_at"),
});
export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
