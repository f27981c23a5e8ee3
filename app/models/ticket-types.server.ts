import { sql } from "kysely";
import { config } from "~/config.server";
import { recordStaffChange } from "./staff-changes.server";
import { formatAmount } from "~/utils/money";
import type { Certificate } from "~/domain/age-ratings";
import type { OfferedType, ShowOffer, TicketType } from "~/domain/tickets";
import { getDb, isUniqueViolation, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";

// The price list staff keep (decision 42): ticket types with their prices and rules, and what each show sells them
// for. A type is never deleted: one retired is offered by no show from then on, and its tickets sold stay as sold.

/** The ticket types `t`, with an `OfferedType`'s columns at their list prices. */
const ticketTypes = (db: Queryable) =>
  typed(db)
    .selectFrom("ticket_types as t")
    .select(["t.id", "t.name", "t.rule", "t.price_cents as priceCents", "t.max_age as maxAge"]);

/** The price list: every type, those on sale first, each group in the list's order. */
export async function listTicketTypes(): Promise<TicketType[]> {
  return ticketTypes(await getDb())
    .select(sql<boolean>`t.retired_at is not null`.as("retired"))
    .orderBy(sql`t.retired_at is not null`)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
}

/** The types new shows sell, at their list prices, in the list's order. */
export async function typesOnSale(db: Queryable | null = null): Promise<OfferedType[]> {
  return ticketTypes(db ?? (await getDb()))
    .where("t.retired_at", "is", null)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
}

/** SQL: the types show `showId` (an expression) sells, at its prices, in the list's order. */
const offeredTypesSql = (showId: string) =>
  `select t.id, t.name, t.rule, sp.price_cents as "priceCents", t.max_age as "maxAge", t.position
   from show_prices sp join ticket_types t on t.id = sp.ticket_type_id
   where sp.show_id = ${showId} and t.retired_at is null`;

export async function showOffer(db: Queryable, showId: string): Promise<ShowOffer> {
  const types = await typed(db)
    .selectFrom("show_prices as sp")
    .innerJoin("ticket_types as t", "t.id", "sp.ticket_type_id")
    .select(["t.id", "t.name", "t.rule", "sp.price_cents as priceCents", "t.max_age as maxAge"])
    .where("sp.show_id", "=", showId)
    .where("t.retired_at", "is", null)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  const rated: Certificate | undefined = await typed(db)
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("certificates as c", "c.code", "m.certificate")
    .select(["c.code", "c.description", "c.min_age as minAge", "c.accompanied_under as accompaniedUnder"])
    .where("s.id", "=", showId)
    .executeTakeFirst();
  return { types, certificate: rated ?? null };
}

/** What a booking's show sells now: its tickets step's choices. */
export async function bookingOffer(booking: { showId: string }) {
  return showOffer(await getDb(), booking.showId);
}

/**
 * SQL for a lateral join: the show's standard ticket (the first type for any age it sells, or its first type when it
 * sells only types with an age limit: id, name, "priceCents"), whose price is the show's price "a seat" and the type
 * every booking's tickets start as. A type for any age is never barred by a certificate. A show selling no type has
 * none, and is not sold. `to_json` of the joined row gives it whole (null for none), as `StandardTicket`.
 */
export const standardTicketSql = (show: string) =>
  `select id, name, "priceCents" from (${offeredTypesSql(`${show}.id`)}) offered
   order by "maxAge" is not null, position, id limit 1`;

/** A show's standard ticket, as `to_json` of standardTicketSql's row reads. */
export type StandardTicket = Pick<OfferedType, "id" | "name" | "priceCents">;

/** A type on sale with what a show sells it for, or null when the show does not sell it. */
export type ShowPrice = Pick<OfferedType, "id" | "name"> & { priceCents: number | null };

/** Every type on sale, in the list's order, with what the show sells it for: the show's prices as staff change them. */
export async function showPriceList(showId: string): Promise<ShowPrice[]> {
  if (!isUuid(showId)) return [];
  return typed(await getDb())
    .selectFrom("ticket_types as t")
    .leftJoin("show_prices as sp", (join) => join.onRef("sp.ticket_type_id", "=", "t.id").on("sp.show_id", "=", showId))
    .select(["t.id", "t.name", "sp.price_cents as priceCents"])
    .where("t.retired_at", "is", null)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
}

/**
 * Prices for a show priced apart from the list (a sample show, one made before types): the first type on sale at
 * `standardCents`, every other at its list price but never above that.
 */
export function pricesAround(standardCents: number, onSale: readonly Pick<OfferedType, "id" | "priceCents">[]) {
  return Object.fromEntries(
    onSale.map((type, index) => [type.id, index === 0 ? standardCents : Math.min(type.priceCents, standardCents)]),
  );
}

/** Sets the prices of new shows, each type at its price: one statement for any number of shows. */
export async function setShowPrices(tx: Queryable, showIds: string[], prices: Record<string, number>) {
  const types = Object.keys(prices);
  const typePrices = types.map((type) => prices[type]);
  await sql`insert into show_prices (show_id, ticket_type_id, price_cents)
    select s, p.type_id, p.price
    from unnest(${showIds}::uuid[]) s, unnest(${types}::uuid[], ${typePrices}::integer[]) as p(type_id, price)`.execute(
    typed(tx),
  );
}

export type TicketTypeInput = { name: string; rule: string; priceCents: number; maxAge: number | null };
export type TicketTypeFailure = { reason: "not-found" } | { reason: "name-taken" };
type Saved = { ok: true } | ({ ok: false } & TicketTypeFailure);

/** A type's values as the record of changes shows them. */
const typeValues = (type: TicketTypeInput) => ({
  name: type.name,
  price: formatAmount(type.priceCents, config.currency),
  rule: type.rule,
  "oldest age": type.maxAge ?? "any",
});

/** Adds a type at the end of the list, on sale for shows made from now on. Names are unique in any case. */
export async function addTicketType(staffUid: string, input: TicketTypeInput): Promise<Saved> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await typed(tx)
        .insertInto("ticket_types")
        .columns(["name", "rule", "price_cents", "max_age", "position"])
        .expression((eb) =>
          eb
            .selectFrom("ticket_types")
            .select([
              sql.val(input.name).as("name"),
              sql.val(input.rule).as("rule"),
              sql.val(input.priceCents).as("price_cents"),
              sql.val(input.maxAge).as("max_age"),
              sql<number>`coalesce(max(position), 0) + 1`.as("position"),
            ]),
        )
        .execute();
      await recordStaffChange(tx, {
        staffUid,
        kind: "ticket-type-added",
        subject: input.name,
        after: typeValues(input),
      });
    });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

/**
 * Renames a type, or changes its rule, its age limit or its list price. The list price is what shows made from now on sell it for:
 * shows already made keep theirs, and tickets sold keep what they were sold for.
 */
export async function updateTicketType(staffUid: string, id: string, input: TicketTypeInput): Promise<Saved> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  try {
    return await db.transaction(async (tx): Promise<Saved> => {
      const before = await typed(tx)
        .selectFrom("ticket_types")
        .select(["name", "rule", "price_cents as priceCents", "max_age as maxAge"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return { ok: false, reason: "not-found" };
      await typed(tx)
        .updateTable("ticket_types")
        .set({ name: input.name, rule: input.rule, price_cents: input.priceCents, max_age: input.maxAge })
        .where("id", "=", id)
        .execute();
      await recordStaffChange(tx, {
        staffUid,
        kind: "ticket-type-changed",
        subject: input.name,
        before: typeValues(before),
        after: typeValues(input),
      });
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

/**
 * Takes a type off sale (no show offers it from now on), or puts it back. Tickets sold as it stay as they are. The
 * last type on sale stays: the list is locked first, so two staff retiring the last two at once cannot both.
 */
export async function setTicketTypeRetired(
  staffUid: string,
  id: string,
  retired: boolean,
): Promise<Saved | { ok: false; reason: "last-on-sale" }> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const types = await typed(tx)
      .selectFrom("ticket_types")
      .select(["id", sql<boolean>`retired_at is null`.as("onSale")])
      .orderBy("id")
      .forUpdate()
      .execute();
    if (!types.some((type) => type.id === id)) return { ok: false as const, reason: "not-found" as const };
    if (retired && !types.some((type) => type.id !== id && type.onSale))
      return { ok: false as const, reason: "last-on-sale" as const };
    const type = await typed(tx)
      .updateTable("ticket_types")
      .set({ retired_at: retired ? sql<Date>`coalesce(retired_at, now())` : null })
      .where("id", "=", id)
      .returning("name")
      .executeTakeFirstOrThrow();
    await recordStaffChange(tx, {
      staffUid,
      kind: retired ? "ticket-type-retired" : "ticket-type-restored",
      subject: type.name,
    });
    return { ok: true as const };
  });
}
