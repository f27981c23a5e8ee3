import { recordStaffChange } from "./staff-changes.server";
import type { Hall, TypeExtras } from "~/domain/hall";
import { layoutSeats, seatLabels, type HallLayout } from "~/domain/hall-layout";
import { getDb, isUniqueViolation, retryingConflicts, type Queryable } from "~/services/db.server";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql } from "./booking-rules.server";
import { SEAT_ORDER_SQL } from "./bookings.server";
import { offerFreedSeatsInHall } from "./waitlist.server";

// The cinema's halls: their layouts, capacities and seat prices. A show plays in one hall; a hall's seats that are
// sold or held for a show still to come cannot be taken out of its layout.

const HALL_COLUMNS = `h.id, h.name, h.layout, h.seat_count as "seatCount", h.type_extras as "typeExtras",
  h.in_use as "inUse"`;

/** A hall with how many of its shows are still to come. */
export type StaffHall = Hall & { upcomingShows: number };

/** Every hall, in use first, then by name. */
export async function listHalls(): Promise<StaffHall[]> {
  const db = await getDb();
  return db.query<StaffHall>(
    `select ${HALL_COLUMNS},
       (select count(*)::int from shows s where s.hall_id = h.id and s.starts_at > now() and s.cancelled_at is null) as "upcomingShows"
     from halls h order by h.in_use desc, h.name, h.id`,
  );
}

/** The halls new shows can be scheduled in. */
export async function listHallsInUse(): Promise<Hall[]> {
  const db = await getDb();
  return db.query<Hall>(`select ${HALL_COLUMNS} from halls h where h.in_use order by h.name, h.id`);
}

export async function getHall(id: string, db: Queryable | null = null): Promise<Hall | null> {
  if (!isUuid(id)) return null;
  const [hall] = await (db ?? (await getDb())).query<Hall>(`select ${HALL_COLUMNS} from halls h where h.id = $1`, [id]);
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
  const values = [input.name, JSON.stringify(input.layout), seatCount, JSON.stringify(input.typeExtras), input.inUse];
  try {
    // Offers lock each show and then its hall, the reverse of this order: PostgreSQL may pick this change as a
    // deadlock's victim, and it runs again.
    return await retryingConflicts(() =>
      db.transaction(async (tx) => {
        if (id === null) {
          const [{ id: created }] = await tx.query<{ id: string }>(
            `insert into halls (name, layout, seat_count, type_extras, in_use) values ($1, $2, $3, $4, $5) returning id`,
            values,
          );
          await recordStaffChange(tx, { staffUid, kind: "hall-saved", subject: input.name, after: hallValues(input) });
          return { ok: true as const, hall: (await getHall(created, tx))! };
        }
        if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
        const [locked] = await tx.query<{ name: string; seats: number; inUse: boolean }>(
          `select name, seat_count as seats, in_use as "inUse" from halls where id = $1 for update`,
          [id],
        );
        if (!locked) return { ok: false as const, reason: "not-found" as const };
        const kept = new Set(seatLabels(input.layout));
        const removed = (await seatsWantedLater(tx, id)).filter((seat) => !kept.has(seat));
        if (removed.length > 0) return { ok: false as const, reason: "sold-seats-removed" as const, seats: removed };
        await tx.query(
          `update halls set name = $1, layout = $2, seat_count = $3, type_extras = $4, in_use = $5, updated_at = now()
         where id = $6`,
          [...values, id],
        );
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
  const rows = await tx.query<{ seat: string }>(
    `select seat from (
       select distinct unnest(b.seats) as seat from bookings b join shows s on s.id = b.show_id
       where s.hall_id = $1 and s.starts_at > now() and ${holdsSeatsSql("b")}
     ) wanted order by ${SEAT_ORDER_SQL("seat")}`,
    [hallId],
  );
  return rows.map((row) => row.seat);
}
