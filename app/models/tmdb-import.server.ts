import { config } from "~/config.server";
import type { FilmDraft } from "~/domain/film-draft";
import { listCertificates } from "~/models/certificates.server";
import { saveFilm, type SaveFilmFailure } from "~/models/films.server";
import {
  tmdbClient,
  type TmdbClient,
  type TmdbDetails,
  type TmdbFailure,
  type TmdbListedFilm,
  type TmdbReleaseDates,
  type TmdbResult,
  type TmdbVideo,
} from "~/services/tmdb.server";

// Import from TMDB (decision 67): a film's details on TMDB become a FilmDraft, its images downloaded once, its
// certificate the cinema's country's mapped to the certificates the site keeps.

export const MAX_IMPORTED_CAST = 12;

/** TMDB's release types (its documentation's numbers), the cinema's own first: the certificate a cinema shows. */
const RELEASE_TYPE_ORDER = [3, 2, 1, 4, 5, 6];
const THEATRICAL_RELEASE_TYPES = new Set([2, 3]);

/**
 * Certifications TMDB gives a country that are another form of one the site keeps: the BBFC's 12 is for video what
 * its 12A is for the cinema.
 */
const CERTIFICATION_ALIASES: Record<string, Record<string, string>> = { GB: { "12": "12A" } };

/**
 * The certificate the site keeps for the film's release in `country`: its cinema release's first, then any other
 * release's, matched to the kept codes without regard to case; null when none matches.
 */
export function certificateFor(releases: TmdbReleaseDates, country: string, keptCodes: readonly string[]) {
  const kept = new Map(keptCodes.map((code) => [code.toUpperCase(), code]));
  const aliases = CERTIFICATION_ALIASES[country] ?? {};
  const dates = releases.find((release) => release.iso_3166_1 === country)?.release_dates ?? [];
  const ranked = [...dates].sort(
    (first, second) => rank(RELEASE_TYPE_ORDER, first.type) - rank(RELEASE_TYPE_ORDER, second.type),
  );
  for (const { certification } of ranked) {
    const code = certification.trim().toUpperCase();
    const match = kept.get(code) ?? kept.get(aliases[code]?.toUpperCase() ?? "");
    if (match) return match;
  }
  return null;
}

const rank = <T>(order: readonly T[], value: T) => (order.includes(value) ? order.indexOf(value) : order.length);

/** The trailer to show: a YouTube or Vimeo Trailer, TMDB's official one first, else a Teaser; null when none. */
export function trailerOf(videos: readonly TmdbVideo[]): FilmDraft["trailer"] {
  const playable = videos.filter((video) => ["YouTube", "Vimeo"].includes(video.site) && /^[\w-]+$/.test(video.key));
  const score = (video: TmdbVideo) => rank(["Trailer", "Teaser"], video.type) * 2 + (video.official ? 0 : 1);
  const [best] = playable
    .filter((video) => ["Trailer", "Teaser"].includes(video.type))
    .sort((first, second) => score(first) - score(second));
  return best ? { kind: best.site === "YouTube" ? "youtube" : "vimeo", id: best.key } : null;
}

/** The first day the film is in the cinemas of `country`, else TMDB's own release date. */
function releaseDateIn(details: TmdbDetails, country: string) {
  const theatrical = (
    details.release_dates.results.find((release) => release.iso_3166_1 === country)?.release_dates ?? []
  )
    .filter((release) => THEATRICAL_RELEASE_TYPES.has(release.type) && release.release_date)
    .map((release) => release.release_date.slice(0, 10))
    .sort();
  return theatrical[0] ?? details.release_date;
}

/** The images a film's draft holds, by their TMDB path, downloaded. */
export type DownloadedImages = ReadonlyMap<string, Uint8Array>;

/** TMDB's details of a film as a draft the site can store: nothing in it points at TMDB's hosts. */
export function draftFromTmdb(
  details: TmdbDetails,
  images: DownloadedImages,
  { country, keptCertificates }: { country: string; keptCertificates: readonly string[] },
): FilmDraft {
  const image = (path: string | null | undefined) => (path ? (images.get(path) ?? null) : null);
  return {
    title: details.title.trim(),
    synopsis: details.overview.trim(),
    tagline: details.tagline.trim(),
    runtimeMinutes: details.runtime ?? 0,
    releaseDate: releaseDateIn(details, country),
    originalLanguage: details.original_language,
    genres: details.genres.map((genre) => genre.name),
    cast: castOf(details).map((member) => ({
      name: member.name,
      character: member.character,
      photo: image(member.profile_path),
    })),
    certificate: certificateFor(details.release_dates.results, country, keptCertificates),
    trailer: trailerOf(details.videos.results),
    poster: image(details.poster_path),
    backdrop: image(details.backdrop_path),
    tmdbId: details.id,
    // A film no one has voted on has no rating, not 0.
    voteAverage: details.vote_count > 0 ? Math.round(details.vote_average * 10) / 10 : null,
    voteCount: details.vote_count > 0 ? details.vote_count : null,
  };
}

/** The first of the cast in TMDB's billing order. */
const castOf = (details: TmdbDetails) =>
  [...details.credits.cast].sort((first, second) => first.order - second.order).slice(0, MAX_IMPORTED_CAST);

/** Images downloaded this many at a time: a film's cast photos, poster and backdrop. */
const IMAGE_DOWNLOADS_AT_ONCE = 4;

/** Every image the draft holds, downloaded once; a photo TMDB no longer has is left out, anything else fails. */
async function downloadImages(client: TmdbClient, details: TmdbDetails): Promise<TmdbResult<DownloadedImages>> {
  const paths = [details.poster_path, details.backdrop_path, ...castOf(details).map((member) => member.profile_path)];
  const wanted = [...new Set(paths.filter((path): path is string => Boolean(path)))];
  const images = new Map<string, Uint8Array>();
  for (let start = 0; start < wanted.length; start += IMAGE_DOWNLOADS_AT_ONCE) {
    const batch = wanted.slice(start, start + IMAGE_DOWNLOADS_AT_ONCE);
    const downloads = await Promise.all(batch.map((path) => client.downloadImage(path)));
    for (const [index, download] of downloads.entries()) {
      if (download.ok) images.set(batch[index], download.value);
      else if (download.reason !== "not-found") return download;
    }
  }
  return { ok: true, value: images };
}

const importClient = () => tmdbClient(config.tmdb);

/** Whether staff can import, and for which country. */
export const tmdbImportSettings = () => ({ configured: importClient().configured, region: config.tmdb.region });

export type TmdbLists = { nowPlaying: TmdbListedFilm[]; upcoming: TmdbListedFilm[] };

/** What the import page lists: the region's films now playing and upcoming. */
export async function listTmdbFilms(client = importClient()): Promise<TmdbResult<TmdbLists>> {
  const [nowPlaying, upcoming] = await Promise.all([client.nowPlaying(), client.upcoming()]);
  if (!nowPlaying.ok) return nowPlaying;
  if (!upcoming.ok) return upcoming;
  return { ok: true, value: { nowPlaying: nowPlaying.value, upcoming: upcoming.value } };
}

export const searchTmdbFilms = (title: string, client = importClient()) => client.searchFilms(title);

/** A film on TMDB as a draft, with its images. */
export async function draftFromTmdbId(id: number, client = importClient()): Promise<TmdbResult<FilmDraft>> {
  const details = await client.filmDetails(id);
  if (!details.ok) return details;
  const images = await downloadImages(client, details.value);
  if (!images.ok) return images;
  const keptCertificates = (await listCertificates()).map((certificate) => certificate.code);
  return {
    ok: true,
    value: draftFromTmdb(details.value, images.value, { country: client.region, keptCertificates }),
  };
}

/** What a draft from TMDB can lack that the site needs to sell a film. */
export type MissingFilmDetail = "title" | "runtime" | "release date";

export type ImportFailure =
  | TmdbFailure
  | { reason: "incomplete"; title: string; missing: MissingFilmDetail[] }
  | { reason: "not-saved"; title: string; failure: SaveFilmFailure };

const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Takes a film imported from TMDB into the catalogue, once it has what a film for sale needs: a new film, or the film
 * imported before under the same TMDB id, whose fields staff changed by hand are kept (saveFilm).
 */
export async function importFilm(
  draft: FilmDraft,
  staffUid?: string,
): Promise<{ ok: true; id: string; title: string } | ({ ok: false } & Exclude<ImportFailure, TmdbFailure>)> {
  const missing: MissingFilmDetail[] = [];
  if (!draft.title) missing.push("title");
  if (!(draft.runtimeMinutes > 0)) missing.push("runtime");
  if (!RELEASE_DATE.test(draft.releaseDate) || draft.releaseDate.startsWith("0000")) missing.push("release date");
  if (missing.length > 0) return { ok: false, reason: "incomplete", title: draft.title, missing };
  const saved = await saveFilm(draft, { source: "import", staffUid });
  return saved.ok ? saved : { ok: false, reason: "not-saved", title: draft.title, failure: saved };
}

/** A film on TMDB, by its id, imported: its details read, its images downloaded, the draft taken in. */
export async function importFromTmdb(id: number, staffUid: string, client = importClient()) {
  const draft = await draftFromTmdbId(id, client);
  if (!draft.ok) return draft;
  return importFilm(draft.value, staffUid);
}
