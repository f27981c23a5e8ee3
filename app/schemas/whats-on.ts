import { z } from "zod";
import { PROJECTIONS } from "~/domain/show-format";
import { TIME_OF_DAY_NAMES } from "~/domain/time-of-day";
import { isShowDay } from "~/utils/dates";

// A ticked checkbox of the GET form sends "on"; anything else is no filter.
const ticked = z
  .literal("on")
  .transform(() => true)
  .catch(false);

/**
 * What's On's state in the URL: the cinema day (else today) and the filters, each narrowing the list: a time of day,
 * a projection, and the accessible screenings (a wheelchair space still free, subtitled, audio-described). Anything
 * odd falls back to no filter, so a mistyped address still shows the day.
 */
export const whatsOnSchema = z.object({
  day: z.string().refine(isShowDay).catch("").describe("Day"),
  time: z.enum(TIME_OF_DAY_NAMES).or(z.literal("")).catch("").describe("Time of day"),
  format: z.enum(PROJECTIONS).or(z.literal("")).catch("").describe("Format"),
  wheelchair: ticked.describe("Wheelchair space free"),
  subtitled: ticked.describe("Subtitled"),
  described: ticked.describe("Audio described"),
});

export type WhatsOnQuery = z.infer<typeof whatsOnSchema>;
export type WhatsOnFilters = Omit<WhatsOnQuery, "day">;
export const NO_FILTERS: WhatsOnFilters = {
  time: "",
  format: "",
  wheelchair: false,
  subtitled: false,
  described: false,
};

/** What's On's address for a day (none: today) and filters, leaving out those not set. */
export function whatsOnPath(day: string, filters: WhatsOnFilters) {
  const params = new URLSearchParams();
  if (day) params.set("day", day);
  if (filters.time) params.set("time", filters.time);
  if (filters.format) params.set("format", filters.format);
  for (const name of ["wheelchair", "subtitled", "described"] as const) if (filters[name]) params.set(name, "on");
  const query = params.toString();
  return query ? `/whats-on?${query}` : "/whats-on";
}
