// The schedule's week as pages draw it: positions are minutes of the cinema's wall clock from the day's midnight.

export type ScheduledShow = {
  kind: "show";
  id: string;
  movieId: string;
  title: string;
  startsAt: string;
  /** When it starts, when its film ends and when the cleaning after it frees the hall. */
  from: number;
  filmEnds: number;
  to: number;
  /** Seats paid for, of the hall's seats. */
  sold: number;
  capacity: number;
};
export type FreeSlot = { kind: "free"; from: number; to: number };
export type HallDayRow = { hallId: string; hallName: string; slots: (ScheduledShow | FreeSlot)[] };
export type ScheduleDay = { day: string; halls: HallDayRow[] };
export type ScheduleWeek = {
  monday: string;
  /** The hours every day is drawn across, in minutes from midnight. */
  opens: number;
  closes: number;
  days: ScheduleDay[];
  halls: { id: string; name: string }[];
};
