import { z } from "zod";
import type { Config } from "~/config.server";

// A small typed client of TMDB's v3 API (decision 67): the four reads Import from TMDB needs and the download of an
// image, each answer parsed with zod. Failures are reasons, never exceptions: TMDB is a service staff can do without.

export type TmdbSettings = Config["tmdb"];

export type TmdbFailure =
  | { reason: "not-configured" }
  | { reason: "not-found" }
  /** `retryAfterSeconds`: what TMDB's Retry-After said, null when it said nothing. */
  | { reason: "rate-limited"; retryAfterSeconds: number | null }
  | { reason: "unreachable" }
  | { reason: "bad-answer" };

export type TmdbResult<T> = { ok: true; value: T } | ({ ok: false } & TmdbFailure);

/** A wait TMDB asks for that is short enough to make once before answering the staff member. */
const MAX_RETRY_WAIT_SECONDS = 2;
/** The one size every kind of TMDB image comes in; the site makes its own sizes of what it stores. */
const IMAGE_SIZE = "original";
/** No stored image may be larger than an upload may be. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** TMDB gives an empty string, or null, where it has no value. */
const maybeText = z
  .string()
  .nullish()
  .transform((text) => text ?? "");

const listedFilmSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  release_date: maybeText,
  overview: maybeText,
});
export type TmdbListedFilm = z.infer<typeof listedFilmSchema>;

const filmListSchema = z.object({ results: z.array(listedFilmSchema) });

const releaseDatesSchema = z.object({
  results: z.array(
    z.object({
      iso_3166_1: z.string(),
      release_dates: z.array(z.object({ certification: maybeText, type: z.number().int(), release_date: maybeText })),
    }),
  ),
});
export type TmdbReleaseDates = z.infer<typeof releaseDatesSchema>["results"];

const videoSchema = z.object({
  site: z.string(),
  key: z.string(),
  type: z.string(),
  official: z.boolean().nullish(),
});
export type TmdbVideo = z.infer<typeof videoSchema>;

const detailsSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  overview: maybeText,
  tagline: maybeText,
  runtime: z.number().int().nullish(),
  release_date: maybeText,
  original_language: z.string(),
  genres: z.array(z.object({ name: z.string() })),
  poster_path: z.string().nullish(),
  backdrop_path: z.string().nullish(),
  vote_average: z.number(),
  vote_count: z.number().int(),
  credits: z.object({
    cast: z.array(
      z.object({ name: z.string(), character: maybeText, profile_path: z.string().nullish(), order: z.number() }),
    ),
  }),
  videos: z.object({ results: z.array(videoSchema) }),
  release_dates: releaseDatesSchema,
});
export type TmdbDetails = z.infer<typeof detailsSchema>;

const fail = <T>(failure: TmdbFailure): TmdbResult<T> => ({ ok: false, ...failure });

/** Seconds from a Retry-After header, as a number of seconds or an HTTP date; null when absent or unreadable. */
function retryAfterSeconds(header: string | null) {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function tmdbClient(settings: TmdbSettings) {
  const configured = Boolean(settings.readAccessToken || settings.apiKey);

  /** One GET, once more after a short Retry-After; the answer's bytes, or why there are none. */
  async function get(url: URL, { retried = false } = {}): Promise<TmdbResult<Response>> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: settings.readAccessToken
          ? { Accept: "application/json", Authorization: `Bearer ${settings.readAccessToken}` }
          : { Accept: "application/json" },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch {
      return fail({ reason: "unreachable" });
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const wait = retryAfterSeconds(response.headers.get("retry-after"));
      if (!retried && wait !== null && wait <= MAX_RETRY_WAIT_SECONDS) {
        await sleep(wait * 1000);
        return get(url, { retried: true });
      }
      return fail({ reason: "rate-limited", retryAfterSeconds: wait });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return fail({ reason: "not-found" });
    }
    if (!response.ok) {
      await response.body?.cancel();
      // A refused key is TMDB's 401: the site's settings are wrong, which staff cannot tell from unreachable.
      return fail({ reason: response.status === 401 ? "not-configured" : "bad-answer" });
    }
    return { ok: true, value: response };
  }

  async function getJson<T>(
    path: string,
    query: Record<string, string>,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  ): Promise<TmdbResult<T>> {
    if (!configured) return fail({ reason: "not-configured" });
    const url = new URL(path, settings.apiUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    if (!settings.readAccessToken) url.searchParams.set("api_key", settings.apiKey!);
    const answer = await get(url);
    if (!answer.ok) return answer;
    let body: unknown;
    try {
      body = await answer.value.json();
    } catch (error) {
      return fail({ reason: error instanceof Error && error.name === "TimeoutError" ? "unreachable" : "bad-answer" });
    }
    const parsed = schema.safeParse(body);
    return parsed.success ? { ok: true, value: parsed.data } : fail({ reason: "bad-answer" });
  }

  const list = (which: "now_playing" | "upcoming") => () =>
    getJson(`/3/movie/${which}`, { region: settings.region, language: "en-US", page: "1" }, filmListSchema).then(
      (result) => (result.ok ? { ...result, value: result.value.results } : result),
    );

  return {
    configured,
    region: settings.region,
    searchFilms: (title: string) =>
      getJson(
        "/3/search/movie",
        { query: title, include_adult: "false", language: "en-US", page: "1" },
        filmListSchema,
      ).then((result) => (result.ok ? { ...result, value: result.value.results } : result)),
    nowPlaying: list("now_playing"),
    upcoming: list("upcoming"),
    filmDetails: (id: number) =>
      getJson(
        `/3/movie/${id}`,
        { append_to_response: "credits,videos,release_dates", language: "en-US" },
        detailsSchema,
      ),
    /** The bytes of an image by its TMDB path (`/abc.jpg`), downloaded once, in its original size. */
    async downloadImage(imagePath: string): Promise<TmdbResult<Uint8Array>> {
      if (!/^\/[\w.-]+$/.test(imagePath)) return fail({ reason: "bad-answer" });
      const answer = await get(new URL(`/t/p/${IMAGE_SIZE}${imagePath}`, settings.imageUrl));
      if (!answer.ok) return answer;
      const declared = Number(answer.value.headers.get("content-length") ?? 0);
      if (!answer.value.headers.get("content-type")?.startsWith("image/") || declared > MAX_IMAGE_BYTES) {
        await answer.value.body?.cancel();
        return fail({ reason: "bad-answer" });
      }
      try {
        const bytes = new Uint8Array(await answer.value.arrayBuffer());
        return bytes.byteLength > MAX_IMAGE_BYTES ? fail({ reason: "bad-answer" }) : { ok: true, value: bytes };
      } catch {
        return fail({ reason: "unreachable" });
      }
    },
  };
}

export type TmdbClient = ReturnType<typeof tmdbClient>;
