// Rows the model tests write straight into the test file's own database. Times are given relative to the
// database's now(), as SQL intervals ("2 days", "-3 hours"), or as timestamps ("2031-05-20T19:30:00Z").
import { randomUUID } from "node:crypto";
import type { MovieFilters } from "~/schemas/movie-filters";
import type { TypeExtras } from "~/domain/hall";
import { layoutSeats } from "~/domain/hall-layout";
import { parseLayout } from "~/domain/hall-layout-text";
import { findBooking } from "~/models/bookings.server";
import { confirmReturn, startCheckout } from "~/models/checkouts.server";
import { bookSeats } from "~/models/seat-booking.server";
import { pricesAround, setShowPrices, typesOnSale } from "~/models/ticket-types.server";
import { getDb } from "~/services/db.server";
import { payWithCard, TEST_CARDS } from "~/services/payments/test-gateway.server";

/** The default movie filters, with some changed. */
export const movieFilters = (changes: Partial<MovieFilters> = {}): MovieFilters => ({
  search: "",
  genre: "all",
  sort: "latest",
  page: 1,
  ...changes,
});

export async function addMovie(id: string, { title = id, runtime = 120, released = "2024-01-01" } = {}) {
  const db = await getDb();
  await db.query(
    `insert into movies (id, title, poster_path, backdrop_path, release_date, runtime)
     values ($1, $2, '/artwork/p.svg', '/artwork/b.svg', $3, $4)`,
    [id, title, released, runtime],
  );
  return id;
}

/** Movies by id and title, for a test that needs several. */
export async function addMovies(titles: Record<string, string>) {
  for (const [id, title] of Object.entries(titles)) await addMovie(id, { title });
}

/**
 * A show starting at a timestamp, or `startsIn` from now (an interval), added `addedAgo` before now. Without a hall it
 * gets one of its own with Screen 1's layout, so shows of a test never clash in a hall unless the test wants them to.
 */
export async function addShow(
  movieId: string,
  startsIn: string,
  { priceCents = 5000, addedAgo = "0 seconds", hallId = null as string | null } = {},
) {
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    `with copy as (
       insert into halls (name, layout, seat_count)
       select 'Test hall ' || gen_random_uuid(), layout, seat_count from halls where name = 'Screen 1' and $4::uuid is null
       returning id
     )
     insert into shows (movie_id, hall_id, starts_at, created_at)
     select $1, coalesce($4::uuid, (select id from copy)),
       case when $2 ~ '^[0-9]{4}-' then $2::timestamptz else date_trunc('minute', now()) + $2::interval end,
       now() - $3::interval
     returning id`,
    [movieId, startsIn, addedAgo, hallId],
  );
  await setShowPrices(db, [id], pricesAround(priceCents, await typesOnSale(db)));
  return id;
}

/** Prices for createShows: the first type on sale at `standardCents`, the others at their list prices or less. */
export async function showPrices(standardCents: number) {
  return pricesAround(standardCents, await typesOnSale());
}

/** A hall from a layout in the text editor's form, with price differences per seat type. */
export async function addHall(
  layoutText: string,
  { typeExtras = {} as TypeExtras, name = `Hall ${randomUUID()}` } = {},
) {
  const parsed = parseLayout(layoutText);
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    "insert into halls (name, layout, seat_count, type_extras) values ($1, $2, $3, $4) returning id",
    [name, JSON.stringify(parsed.layout), layoutSeats(parsed.layout).length, JSON.stringify(typeExtras)],
  );
  return id;
}

export async function addUser(
  uid = `user-${randomUUID()}`,
  { name = uid, email = `${uid}@example.com`, joinedAgo = "30 days" } = {},
) {
  const db = await getDb();
  await db.query("insert into users (uid, email, name, created_at) values ($1, $2, $3, now() - $4::interval)", [
    uid,
    email,
    name,
    joinedAgo,
  ]);
  return uid;
}

type BookingOptions = {
  status?: "paid" | "pending" | "cancelled";
  /** For a pending booking: how long its hold still runs ("-1 minute" for one that has expired). */
  holdLeft?: string;
  madeAgo?: string;
  amountCents?: number;
};

/** A booking of `seats`; a paid one also gets its payment, made when it was. */
export async function addBooking(
  userUid: string,
  showId: string,
  seats: string[],
  {
    status = "paid",
    holdLeft = "10 minutes",
    madeAgo = "1 hour",
    amountCents = seats.length * 5000,
  }: BookingOptions = {},
) {
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    `insert into bookings (user_uid, show_id, seats, amount_cents, status, hold_expires_at, request_token, created_at,
       paid_at, cancelled_at)
     values ($1, $2, $3, $4, $5, now() + $6::interval, $7, now() - $8::interval,
       case when $5 = 'paid' then now() - $8::interval end, case when $5 = 'cancelled' then now() end)
     returning id`,
    [userUid, showId, seats, amountCents, status, holdLeft, randomUUID(), madeAgo],
  );
  // Its tickets: the show's standard type, the amount shared evenly (as bookings made before types were migrated).
  await db.query(
    `insert into booking_tickets (booking_id, seat, ticket_type_id, type_name, price_cents)
     select $1, seat.label, t.id, t.name, $3 / cardinality($2::text[])
       + case when seat.n <= $3 % cardinality($2::text[]) then 1 else 0 end
     from unnest($2::text[]) with ordinality as seat(label, n),
       (select id, name from ticket_types where retired_at is null order by position limit 1) t`,
    [id, seats, amountCents],
  );
  if (status === "paid") await addPayment(id, amountCents, { paidAgo: madeAgo });
  return id;
}

export async function addPayment(bookingId: string, amountCents: number, { paidAgo = "1 hour" } = {}) {
  const db = await getDb();
  await db.query(
    `insert into payments (booking_id, provider, reference, amount_cents, card_last4, created_at)
     values ($1, 'test', $2, $3, '4242', now() - $4::interval)`,
    [bookingId, randomUUID(), amountCents, paidAgo],
  );
}

/** Cancels a paid booking with a refund of `refundedCents`, `ago` before now. */
export async function refund(bookingId: string, refundedCents: number, { ago = "0 seconds" } = {}) {
  const db = await getDb();
  await db.query("update bookings set status = 'cancelled', cancelled_at = now() - $2::interval where id = $1", [
    bookingId,
    ago,
  ]);
  await db.query(
    `update payments set refund_reference = 'refund', refunded_cents = $2, refunded_at = now() - $3::interval
     where booking_id = $1`,
    [bookingId, refundedCents, ago],
  );
}

/** Empties the tables the staff models read, for a test that counts everything. */
export async function clearAll() {
  const db = await getDb();
  await db.exec(
    "delete from check_ins; delete from payments; delete from booked_seats; delete from bookings; delete from shows; delete from users; delete from movies;",
  );
}

/** A new customer's hold of seats of a show (of `movieId`, on the cinema day `day`): the customer and the booking. */
export async function holdSeats(show: { movieId: string; day: string; showId: string }, seats: string[]) {
  const user = await addUser();
  const booked = await bookSeats({ userUid: user, ...show, seats, requestToken: randomUUID() });
  if (!booked.ok) throw new Error(`the hold was refused: ${booked.reason}`);
  return { user, id: booked.booking.id };
}

/** The checkout id at the end of a test gateway page's address. */
export const checkoutIdOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/**
 * Pays a held booking the way a customer does: Pay sends them to the test gateway, the card is typed there, and the
 * gateway sends them back to the return page, which settles the checkout. Answers the booking as it is then.
 */
export async function payForBooking(userUid: string, bookingId: string, cardNumber: string = TEST_CARDS.pays) {
  const started = await startCheckout(userUid, bookingId, null);
  if (!started.ok) return started;
  const checkoutId = checkoutIdOf(started.url);
  const card = await payWithCard(checkoutId, cardNumber);
  if (card.outcome !== "paid") return { ok: false as const, reason: card.outcome, checkoutId };
  const settled = await confirmReturn(bookingId, checkoutId);
  if (settled !== "paid") return { ok: false as const, reason: settled, checkoutId };
  return { ok: true as const, booking: (await findBooking(userUid, bookingId))!, checkoutId };
}

/** The next Sunday of a month (1-12) between two days of it, more than two days from now (at most a year ahead). */
export function nextSunday(month: number, fromDay: number, toDay: number) {
  const now = Date.now();
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    for (let day = fromDay; day <= toDay; day++) {
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCDay() === 0 && date.getTime() > now + 2 * 86_400_000) return date.toISOString().slice(0, 10);
    }
  }
}
