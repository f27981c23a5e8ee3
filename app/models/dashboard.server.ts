import { getDb } from "~/services/db.server";

export const DASHBOARD_SHOWS = 8;

export type UpcomingShow = { id: string; title: string; posterPath: string; startsAt: string; priceCents: number };

/** Staff dashboard figures. Bookings and revenue join these once bookings exist. */
export async function getDashboard(limit = DASHBOARD_SHOWS) {
  const db = await getDb();
  const [[totals], shows] = await Promise.all([
    db.query<{ total_users: number; active_shows: number }>(
      `select (select count(*)::int from users) as total_users,
              (select count(*)::int from shows where starts_at > now()) as active_shows`,
    ),
    db.query<{ id: string; title: string; poster_path: string; starts_at: Date; price_cents: number }>(
      `select s.id, m.title, m.poster_path, s.starts_at, s.price_cents
       from shows s join movies m on m.id = s.movie_id
       where s.starts_at > now() order by s.starts_at, m.title limit $1`,
      [limit],
    ),
  ]);
  return {
    totalUsers: totals.total_users,
    activeShows: totals.active_shows,
    upcomingShows: shows.map<UpcomingShow>((s) => ({
      id: s.id,
      title: s.title,
      posterPath: s.poster_path,
      startsAt: new Date(s.starts_at).toISOString(),
      priceCents: s.price_cents,
    })),
  };
}
