import type { Project, ProjectInput, SavedProduct } from "@mcf/contracts/accounts";
import {
  maxProjects,
  productNotFoundForSaveMessage,
  projectNotFoundMessage,
} from "@mcf/contracts/accounts-options";
import { coverageEstimate } from "@mcf/contracts/coverage";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  shopperProjectRooms,
  shopperProjects,
  shopperSavedProducts,
} from "../../db/schema/accounts.ts";
import { conflict, notFound } from "../../errors.ts";
import { findProductRows, toPublicProduct } from "../catalog/catalog.service.ts";
import { sampledProductIdsByEmail } from "../orders/orders.service.ts";

type ProjectRow = typeof shopperProjects.$inferSelect;
type RoomRow = typeof shopperProjectRooms.$inferSelect;

/**
 * Projects with their rooms; each room carries the calculator's answer for its floor and whether
 * a sample of that floor was ordered with the account's email.
 */
async function toProjects(db: DbOrTx, email: string, projects: ProjectRow[]): Promise<Project[]> {
  if (projects.length === 0) return [];
  const rooms = await db
    .select()
    .from(shopperProjectRooms)
    .where(
      inArray(
        shopperProjectRooms.project_id,
        projects.map((project) => project.id),
      ),
    )
    .orderBy(asc(shopperProjectRooms.position), asc(shopperProjectRooms.id));
  const productIds = [
    ...new Set(rooms.flatMap((room) => (room.product_id === null ? [] : [room.product_id]))),
  ];
  const productsById = new Map((await findProductRows(db, productIds)).map((row) => [row.id, row]));
  const sampled = productIds.length > 0 ? await sampledProductIdsByEmail(db, email) : new Set();
  const toRoom = (room: RoomRow) => {
    const area = Number(room.area_sqft);
    const product = room.product_id === null ? undefined : productsById.get(room.product_id);
    const estimate = coverageEstimate(
      area,
      room.waste_percent,
      Number(product?.sqft_per_carton ?? 0),
    );
    return {
      id: room.id,
      name: room.name,
      area_sqft: area,
      waste_percent: room.waste_percent,
      product_id: room.product_id,
      product_name: product?.name ?? null,
      notes: room.notes,
      sqft_with_waste: Math.round(area * (1 + room.waste_percent / 100) * 100) / 100,
      boxes_needed: estimate?.boxes ?? null,
      sample_ordered: room.product_id !== null && sampled.has(room.product_id),
    };
  };
  return projects.map((project) => ({
    id: project.id,
    name: project.name,
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
    rooms: rooms.filter((room) => room.project_id === project.id).map(toRoom),
  }));
}

export async function listProjects(db: DbOrTx, accountId: string, email: string) {
  const rows = await db
    .select()
    .from(shopperProjects)
    .where(eq(shopperProjects.account_id, accountId))
    .orderBy(desc(shopperProjects.updated_at), desc(shopperProjects.id));
  return toProjects(db, email, rows);
}

async function ownProject(db: DbOrTx, accountId: string, id: number): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(shopperProjects)
    .where(and(eq(shopperProjects.id, id), eq(shopperProjects.account_id, accountId)))
    .limit(1);
  if (!row) throw notFound(projectNotFoundMessage);
  return row;
}

export async function getProject(
  db: DbOrTx,
  accountId: string,
  email: string,
  id: number,
): Promise<Project> {
  const [project] = await toProjects(db, email, [await ownProject(db, accountId, id)]);
  if (!project) throw notFound(projectNotFoundMessage);
  return project;
}

async function writeRooms(tx: DbOrTx, projectId: number, input: ProjectInput): Promise<void> {
  await tx.delete(shopperProjectRooms).where(eq(shopperProjectRooms.project_id, projectId));
  if (input.rooms.length === 0) return;
  await assertProductsExist(
    tx,
    input.rooms.flatMap((room) => (room.product_id ? [room.product_id] : [])),
  );
  await tx.insert(shopperProjectRooms).values(
    input.rooms.map((room, position) => ({
      project_id: projectId,
      position,
      name: room.name,
      area_sqft: room.area_sqft.toFixed(2),
      waste_percent: room.waste_percent,
      product_id: room.product_id ?? null,
      notes: room.notes,
    })),
  );
}

/** 404 when any of these products does not exist (a room or a save naming a deleted floor). */
async function assertProductsExist(db: DbOrTx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await findProductRows(db, unique)).length !== unique.length)
    throw notFound(productNotFoundForSaveMessage);
}

/** Creates a project with its rooms. 409 past the most projects an account keeps. */
export async function createProject(
  db: Db,
  accountId: string,
  email: string,
  input: ProjectInput,
): Promise<Project> {
  const id = await db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shopperProjects)
      .where(eq(shopperProjects.account_id, accountId));
    if (Number(count?.n ?? 0) >= maxProjects)
      throw conflict(`An account keeps at most ${maxProjects} projects. Remove one first.`);
    const [row] = await tx
      .insert(shopperProjects)
      .values({ account_id: accountId, name: input.name })
      .returning({ id: shopperProjects.id });
    if (!row) throw new Error("project insert returned nothing");
    await writeRooms(tx, row.id, input);
    return row.id;
  });
  return getProject(db, accountId, email, id);
}

/** Renames a project and replaces its rooms with those given. */
export async function updateProject(
  db: Db,
  accountId: string,
  email: string,
  id: number,
  input: ProjectInput,
): Promise<Project> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(shopperProjects)
      .set({ name: input.name, updated_at: new Date() })
      .where(and(eq(shopperProjects.id, id), eq(shopperProjects.account_id, accountId)))
      .returning({ id: shopperProjects.id });
    if (!row) throw notFound(projectNotFoundMessage);
    await writeRooms(tx, id, input);
  });
  return getProject(db, accountId, email, id);
}

export async function deleteProject(db: Db, accountId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(shopperProjects)
    .where(and(eq(shopperProjects.id, id), eq(shopperProjects.account_id, accountId)))
    .returning({ id: shopperProjects.id });
  if (deleted.length === 0) throw notFound(projectNotFoundMessage);
}

/** The saved floors, newest first (deleted products drop out with their rows). */
export async function listSavedProducts(db: DbOrTx, accountId: string): Promise<SavedProduct[]> {
  const rows = await db
    .select()
    .from(shopperSavedProducts)
    .where(eq(shopperSavedProducts.account_id, accountId))
    .orderBy(desc(shopperSavedProducts.created_at));
  const products = new Map(
    (
      await findProductRows(
        db,
        rows.map((row) => row.product_id),
      )
    ).map((row) => [row.id, toPublicProduct(row)]),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.product_id);
    if (!product) return [];
    return [
      {
        product_id: row.product_id,
        name: product.name,
        image_url: product.thumbnail_image_url ?? product.main_image_url ?? null,
        saved_at: row.created_at.toISOString(),
      },
    ];
  });
}

/** Saves a floor (saving it twice keeps one entry). 404 for an unknown product. */
export async function saveProduct(db: Db, accountId: string, productId: number): Promise<void> {
  await assertProductsExist(db, [productId]);
  await db
    .insert(shopperSavedProducts)
    .values({ account_id: accountId, product_id: productId })
    .onConflictDoNothing();
}

export async function unsaveProduct(db: Db, accountId: string, productId: number): Promise<void> {
  await db
    .delete(shopperSavedProducts)
    .where(
      and(
        eq(shopperSavedProducts.account_id, accountId),
        eq(shopperSavedProducts.product_id, productId),
      ),
    );
}
