// With TEST_HOOKS=true only (the end-to-end tests' server): a test moves a hold's clock instead of waiting for it.
// The site's PGlite is open in its process alone, so the test asks the site (decision 37).
import type { NextFunction, Request, Response } from "express";
import { ticketCodeOf } from "~/models/e-tickets.server";
import { sql } from "kysely";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";

export const END_HOLD_PATH = "/test-hooks/holds/:id/end";
export const END_SHOW_PATH = "/test-hooks/bookings/:id/end-show";
export const TICKET_CODE_PATH = "/test-hooks/bookings/:id/ticket-code";

/** Ends an unpaid booking's hold now, as if its deadline had come: 204, or 404 for no such hold. */
export function endHoldNow(req: Request<{ id: string }>, res: Response, next: NextFunction) {
  const { id } = req.params;
  if (!isUuid(id)) return void res.sendStatus(404);
  getDb()
    .then((db) =>
      typed(db)
        .updateTable("bookings")
        .set({ hold_expires_at: sql<Date>`now()` })
        .where("id", "=", id)
        .where("status", "=", sql.lit("pending"))
        .where("hold_expires_at", ">", sql<Date>`now()`)
        .returning("id")
        .execute(),
    )
    .then((ended) => res.sendStatus(ended.length > 0 ? 204 : 404), next);
}

/** Moves a booking's show back so that it has just ended (its film's runtime ago and a minute): 204, or 404. */
export function endShowNow(req: Request<{ id: string }>, res: Response, next: NextFunction) {
  const { id } = req.params;
  if (!isUuid(id)) return void res.sendStatus(404);
  getDb()
    .then((db) =>
      typed(db)
        .updateTable("shows as s")
        .set({ starts_at: sql<Date>`now() - make_interval(mins => m.runtime + 1)` })
        .from(["bookings as b", "movies as m"])
        .where("b.id", "=", id)
        .whereRef("s.id", "=", "b.show_id")
        .whereRef("m.id", "=", "s.movie_id")
        .returning("s.id")
        .execute(),
    )
    .then((moved) => res.sendStatus(moved.length > 0 ? 204 : 404), next);
}

/**
 * A booking's e-ticket code, which its QR code carries and no page shows a customer: what a test types at the door in
 * place of scanning the QR code.
 */
export function ticketCodeNow(req: Request<{ id: string }>, res: Response) {
  const { id } = req.params;
  if (!isUuid(id)) return void res.sendStatus(404);
  res.type("text/plain").send(ticketCodeOf(id));
}
