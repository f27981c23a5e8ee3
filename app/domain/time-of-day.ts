// What's On's times of day, by when a show starts on the cinema's clock, in minutes after midnight: morning until
// noon, afternoon until 5 PM, evening from then until midnight.
export const AFTERNOON_STARTS_MINUTE = 12 * 60;
export const EVENING_STARTS_MINUTE = 17 * 60;
const DAY_MINUTES = 24 * 60;

export const TIMES_OF_DAY = {
  morning: { label: "Morning (before 12 PM)", from: 0, until: AFTERNOON_STARTS_MINUTE },
  afternoon: { label: "Afternoon (12 PM to 5 PM)", from: AFTERNOON_STARTS_MINUTE, until: EVENING_STARTS_MINUTE },
  evening: { label: "Evening (from 5 PM)", from: EVENING_STARTS_MINUTE, until: DAY_MINUTES },
} as const;
export type TimeOfDay = keyof typeof TIMES_OF_DAY;
export const TIME_OF_DAY_NAMES = Object.keys(TIMES_OF_DAY) as [TimeOfDay, ...TimeOfDay[]];

/** The minutes of the day a time of day takes, from (included) until (left out); the whole day for none. */
export function timeOfDayBounds(time: TimeOfDay | "") {
  return time ? TIMES_OF_DAY[time] : { from: 0, until: DAY_MINUTES };
}
