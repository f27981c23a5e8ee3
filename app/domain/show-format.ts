// A show's format: one projection, and any of the two aids for customers who cannot hear or see the film well (a 3D
// show can be subtitled and audio-described at once; decision 47). Shared by staff's Add Shows, What's On and the
// seat page.

export const PROJECTIONS = ["2D", "3D", "IMAX"] as const;
export type Projection = (typeof PROJECTIONS)[number];

export type ShowFormat = { projection: Projection; subtitled: boolean; audioDescribed: boolean };
/** A show's format unless staff choose another: plain 2D. */
export const STANDARD_FORMAT: ShowFormat = { projection: "2D", subtitled: false, audioDescribed: false };

export const SUBTITLED = "Subtitled";
export const AUDIO_DESCRIBED = "Audio described";

/** A show's format in words, as it is written beside its time: "3D · Subtitled · Audio described". */
export function describeFormat({ projection, subtitled, audioDescribed }: ShowFormat) {
  return [projection, ...(subtitled ? [SUBTITLED] : []), ...(audioDescribed ? [AUDIO_DESCRIBED] : [])].join(" · ");
}

/** Where a format's times come among a day's: 2D, 3D, IMAX, each plain before subtitled before audio-described. */
const formatRank = ({ projection, subtitled, audioDescribed }: ShowFormat) =>
  PROJECTIONS.indexOf(projection) * 4 + (subtitled ? 2 : 0) + (audioDescribed ? 1 : 0);

/**
 * A day's times by format, as cinemas list them ("2D", then "IMAX · Subtitled"), each group's times in the order
 * given.
 */
export function groupByFormat<Show extends ShowFormat>(shows: readonly Show[]) {
  const groups = new Map<string, { format: string; rank: number; shows: Show[] }>();
  for (const show of shows) {
    const format = describeFormat(show);
    const group = groups.get(format) ?? { format, rank: formatRank(show), shows: [] };
    group.shows.push(show);
    groups.set(format, group);
  }
  return [...groups.values()].sort((a, b) => a.rank - b.rank).map(({ format, shows }) => ({ format, shows }));
}
