// What the reports page and the dashboard show of sales, as the browser and the server share it.

/** Where a booking was sold, and the name staff see. The counter is one more entry here and in CHANNEL_SQL. */
export const CHANNEL_LABELS = { online: "Online (signed in)", guest: "Guest", counter: "Box office counter" } as const;
export type Channel = keyof typeof CHANNEL_LABELS;

/** A cinema day's paid bookings: what they cost and how many tickets. */
export type DaySales = { day: string; revenueCents: number; tickets: number };
/** A day of the period beside the same day of the period before (the day as many days earlier). */
export type ComparedDay = { day: string; current: DaySales; previous: DaySales };

export type ChannelSales = {
  channel: Channel;
  bookings: number;
  tickets: number;
  revenueCents: number;
  /** Bookings of this channel refunded in the period, and what was given back. */
  refunds: number;
  refundedCents: number;
};

export type FilmSales = {
  movieId: string;
  title: string;
  screenings: number;
  seatsSold: number;
  revenueCents: number;
  /** The mean, over its screenings, of the share of the hall's seats paid for: 0 to 1. */
  averageOccupancy: number;
};

/** The screenings of a hall that started in one hour of one weekday (ISO: 1 Monday to 7 Sunday), in the cinema's zone. */
export type HeatCell = { weekday: number; hour: number; screenings: number; occupancy: number };
/** A hall's occupancy by weekday and hour: a cell for each hour of a weekday in which a screening started. */
export type HallHeatMap = { hallName: string; cells: HeatCell[] };

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Tickets sold as one type, and their prices with the seats' surcharges, before any promo code's discount. */
export type TicketTypeSales = { typeName: string; tickets: number; revenueCents: number };
/** A promo code's paid bookings, their tickets, and the discount it gave them. */
export type PromoCodeSales = { code: string; bookings: number; tickets: number; discountCents: number };

export type NoShows = { title: string; paidSeats: number; noShowSeats: number };
export type ShowNoShows = NoShows & { showId: string; startsAt: string; hallName: string };

export type SalesReport = {
  from: string;
  to: string;
  days: ComparedDay[];
  channels: ChannelSales[];
  films: FilmSales[];
  heatMaps: HallHeatMap[];
  ticketTypes: TicketTypeSales[];
  promoCodes: PromoCodeSales[];
  noShowsByFilm: NoShows[];
  noShowsByShow: ShowNoShows[];
};
