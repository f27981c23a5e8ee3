// The bench's reports part (issue 62): a year of sales for four halls, six shows a day, written straight into a
// stopped site's database, then /admin/reports read by 10 staff at once.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

export const REPORT_READERS = 10;
export const REPORTS_P99_MS = 300;

/** The statements that write the year (see writeYearOfSales). */
export const YEAR_OF_SALES_SQL = `
      begin;
      insert into users (uid, email, name, is_guest)
        select case when n % 3 = 0 then 'guest:bench-' || n || '@example.com' else 'bench-reader-' || n end,
          'bench-' || n || '@example.com', 'Bench ' || n, n % 3 = 0
        from generate_series(1, 600) n on conflict do nothing;
      create temp table bench_users as
        select uid, row_number() over (order by uid) as n from users where uid like '%bench-%';
      create temp table bench_halls as select id, row_number() over (order by name) as n from halls where in_use limit 4;
      create temp table bench_movies as select id, row_number() over (order by id) as n from movies;
      insert into shows (movie_id, hall_id, starts_at, created_at)
        select m.id, h.id, day + make_interval(hours => 8 + 3 * slot), day - interval '30 days'
        from generate_series(date_trunc('day', now()) - interval '365 days', date_trunc('day', now()) - interval '1 day',
          interval '1 day') day
          cross join generate_series(0, 5) slot cross join bench_halls h
          join bench_movies m on m.n = 1 + (extract(doy from day)::int * 6 + slot + h.n::int) % (select count(*) from bench_movies)
        on conflict do nothing;
      create temp table bench_bookings as
        select gen_random_uuid() as id, s.id as show_id, s.starts_at, k,
          u.uid as user_uid
        from shows s cross join generate_series(1, 12) k
          join bench_users u on u.n = 1 + (abs(hashtext(s.id::text)) + k * 37) % 600
        where s.starts_at < now() and s.created_at = date_trunc('day', s.starts_at) - interval '30 days';
      insert into bookings (id, user_uid, show_id, seats, amount_cents, status, hold_expires_at, request_token,
          created_at, paid_at, cancelled_at)
        select id, user_uid, show_id, array['A' || (2 * k - 1), 'A' || (2 * k)], 2400,
          case when k = 12 and abs(hashtext(id::text)) % 3 = 0 then 'cancelled' else 'paid' end,
          starts_at - interval '2 days', gen_random_uuid(), starts_at - make_interval(hours => 2 + k * 5),
          starts_at - make_interval(hours => 2 + k * 5),
          case when k = 12 and abs(hashtext(id::text)) % 3 = 0 then starts_at - interval '1 hour' end
        from bench_bookings;
      insert into payments (booking_id, provider, reference, amount_cents, card_last4, created_at, refund_reference,
          refunded_cents, refunded_at)
        select b.id, 'test', gen_random_uuid()::text, 2400, '4242', b.paid_at,
          case when b.status = 'cancelled' then 'refund' end, case when b.status = 'cancelled' then 2400 end,
          b.cancelled_at
        from bookings b join bench_bookings bb on bb.id = b.id;
      insert into booking_tickets (booking_id, seat, ticket_type_id, type_name, price_cents)
        select b.id, seat, case when bb.k % 4 = 0 then '00000000-0000-4000-8000-00000000a002'::uuid
            else '00000000-0000-4000-8000-00000000a001'::uuid end,
          case when bb.k % 4 = 0 then 'Child' else 'Adult' end, 1200
        from bookings b join bench_bookings bb on bb.id = b.id cross join unnest(b.seats) seat;
      insert into promo_codes (code, amount_off_cents, valid_from, valid_until)
        select 'BENCH-' || m, 200, now() - interval '400 days', now() + interval '30 days' from generate_series(1, 12) m;
      insert into promo_code_uses (booking_id, promo_code_id, user_uid, discount_cents)
        select distinct on (b.user_uid, c.id) b.id, c.id, b.user_uid, 200
        from bookings b join bench_bookings bb on bb.id = b.id
          join promo_codes c on c.code = 'BENCH-' || extract(month from b.paid_at)::int
        where b.status = 'paid' and bb.k % 3 = 0
        order by b.user_uid, c.id, b.paid_at;
      insert into check_ins (booking_id, staff_uid, checked_in_at)
        select b.id, 'bench-reader-1', b.paid_at
        from bookings b join bench_bookings bb on bb.id = b.id where b.status = 'paid' and bb.k % 5 <> 0;
      commit;
      analyze;
`;

/**
 * A year of data to the day before today: six shows a day (every three hours from 08:00 UTC) in each of four halls in
 * use, 12 bookings of two seats a show by 600 customers (a third of them guests), one in 30 cancelled and refunded,
 * four in five of the rest let in; a quarter of the tickets Child, the rest Adult; a promo code each month with $2.00
 * off, used once by each customer that month. Answers the numbers written.
 * @param {string} dataDir a stopped site's data folder
 */
export async function writeYearOfSales(dataDir) {
  const db = new PGlite(path.join(dataDir, "db"));
  try {
    await db.exec(YEAR_OF_SALES_SQL);
    const [counts] = (
      await db.query(
        `select (select count(*)::int from shows) as shows, (select count(*)::int from bookings) as bookings`,
      )
    ).rows;
    return counts;
  } finally {
    await db.close();
  }
}
