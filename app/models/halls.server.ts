import { sql } from "kysely";
import { recordStaffChange } from "./staff-changes.server";
import type { Hall, TypeExtras } from "~/domain/hall";
import { layoutSeats, seatLabels, type HallLayout } from "~/domain/hall-layout";
import { getDb, isUniqueViolation, retryingConflicts, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql } from "./booking-rules.server";
import { SEAT_ORDER_SQL } from "./bookings.server";
import { offerFreedSeatsInHall } from "./waitlist.server";

// The cinema's halls: their layouts, capacities and seat prices. A show plays in one hall; a hall's seats that are
// sold or held for a show still to come cannot be taken out of its layout.

/** The halls `h`, with a `Hall`'s columns. */
const halls = (db: Queryable) =>
  typed(db)
    .selectFrom("halls as h")
    .select([
      "h.id",
      "h.name",
      sql<HallLayout>`h.layout`.as("layout"),
      "h.seat_count as seatCount",
      sql<TypeExtras>`h.type_extras`.as("typeExtras"),
      "h.in_use as inUse",
    ]);

/** A hall with how many of its shows are still to come. */
export type StaffHall = Hall & { upcomingShows: number };

/** Every hall, in use first, then by name. */
export async function listHalls(): Promise<StaffHall[]> {
  return halls(await getDb())
    .select((eb) =>
      eb
        .selectFrom("shows as s")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("s.hall_id", "=", "h.id")
        .where("s.starts_at", ">", sql<Date>`now()`)
        .where("s.cancelled_at", "is", null)
        .$asScalar()
        .$notNull()
        .as("upcomingShows"),
    )
    .orderBy("h.in_use", "desc")
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

/** The halls new shows can be scheduled in. */
export async function listHallsInUse(): Promise<Hall[]> {
  return halls(await getDb())
    .where("h.in_use", "=", true)
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

export async function getHall(id: string, db: Queryable | null = null): Promise<Hall | null> {
  if (!isUuid(id)) return null;
  const hall = await halls(db ?? (await getDb()))
    .where("h.id", "=", id)
    .executeTakeFirst();
  return hall ?? null;
}

export type HallInput = { name: string; layout: HallLayout; typeExtras: TypeExtras; inUse: boolean };

export type HallFailure =
  | { reason: "not-found" }
  | { reason: "name-taken" }
  /** Seats sold or held for shows still to come, which the new layout leaves out. */
  | { reason: "sold-seats-removed"; seats: string[] };

/**
 * Creates a hall (without `id`) or changes one. A layout is checked by the form that reads it
 * (app/domain/hall-layout.ts); here the database decides: the name is unique, and a changed hall is locked while
 * its seats still wanted by a show to come are compared with the new layout. Bookings take the same lock (shared)
 * before reading the layout, so no booking of a seat slips between the check and the change. Seats the change adds
 * to a sold-out show to come are offered to those waiting, in the same transaction.
 */
export async function saveHall(
  staffUid: string,
  id: string | null,
  input: HallInput,
): Promise<{ ok: true; hall: Hall } | ({ ok: false } & HallFailure)> {
  const db = await getDb();
  const seatCount = layoutSeats(input.layout).length;
  const values = {
    name: input.name,
    layout: JSON.stringify(input.layout),
    seat_count: seatCount,
    type_extras: JSON.stringify(input.typeExtras),
    in_use: input.inUse,
  };
  try {
    // Offers lock each show and then its hall, the reverse of this order: PostgreSQL may pick this change as a
    // deadlock's victim, and it runs again.
    return await retryingConflicts(() =>
      db.transaction(async (tx) => {
        if (id === null) {
          const { id: created } = await typed(tx)
            .insertInto("halls")
            .values(values)
            .returning("id")
            .executeTakeFirstOrThrow();
          await recordStaffChange(tx, { staffUid, kind: "hall-saved", subject: input.name, after: hallValues(input) });
          return { ok: true as const, hall: (await getHall(created, tx))! };
        }
        if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
        const locked = await typed(tx)
          .selectFrom("halls")
          .select(["name", "seat_count as seats", "in_use as inUse"])
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return { ok: false as const, reason: "not-found" as const };
        const kept = new Set(seatLabels(input.layout));
        const removed = (await seatsWantedLater(tx, id)).filter((seat) => !kept.has(seat));
        if (removed.length > 0) return { ok: false as const, reason: "sold-seats-removed" as const, seats: removed };
        await typed(tx)
          .updateTable("halls")
          .set({ ...values, updated_at: sql<Date>`now()` })
          .where("id", "=", id)
          .execute();
        await offerFreedSeatsInHall(tx, id);
        await recordStaffChange(tx, {
          staffUid,
          kind: "hall-saved",
          subject: input.name,
          before: { name: locked.name, seats: locked.seats, "in use": locked.inUse ? "yes" : "no" },
          after: hallValues(input),
        });
        return { ok: true as const, hall: (await getHall(id, tx))! };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

/** A hall's values as the record of changes shows them. */
const hallValues = (input: HallInput) => ({
  name: input.name,
  seats: layoutSeats(input.layout).length,
  "in use": input.inUse ? "yes" : "no",
});

/** The seats of a hall sold or held for its shows still to come, in row order. */
async function seatsWantedLater(tx: Queryable, hallId: string) {
  const rows = await typed(tx)
    .selectFrom((db) =>
      db
        .selectFrom("bookings as b")
        .innerJoin("shows as s", "s.id", "b.show_id")
        .select(sql<string>`unnest(b.seats)`.as("seat"))
        .distinct()
        .where("s.hall_id", "=", hallId)
        .where("s.starts_at", ">", sql<Date>`now()`)
        .where(sql.raw<boolean>(holdsSeatsSql("b")))
        .as("wanted"),
    )
    .select("seat")
    .orderBy(sql.raw(SEAT_ORDER_SQL("seat")))
    .execute();
  return rows.map((row) => row.seat);
}
