import "./zod-without-eval.ts";
import { z } from "zod";

/**
 * The largest number a database `integer` column holds. An id above it names no row; checked
 * here, it is a 422 like any bad id, where the database would refuse it as out of range (a 500).
 */
export const maxRowId = 2_147_483_647;

/** A row's id in a request body. */
export const rowId = () => z.number().int().positive().max(maxRowId);

/** A row's id in an address (text, read as a number). */
export const rowIdParam = () => z.coerce.number().int().positive().max(maxRowId);
