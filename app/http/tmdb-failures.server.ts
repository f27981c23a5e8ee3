import type { ImportFailure } from "~/models/tmdb-import.server";
import { saveFilmRefusal } from "./film-form.server";
import { TMDB_KEY_ADDRESS } from "~/schemas/tmdb-import";

// What staff are told when TMDB cannot answer, and the status of the import form's answer.

export const TMDB_NOT_CONFIGURED = `Import from TMDB needs a valid TMDB API key or Read Access Token. Get one free at ${TMDB_KEY_ADDRESS}, then set TMDB_API_KEY or TMDB_READ_ACCESS_TOKEN and restart the site.`;
export const TMDB_NOT_FOUND = "TMDB has no film with that id. Please check the id or address and try again.";
export const TMDB_UNREACHABLE = "TMDB did not answer in time. Please try again in a minute.";
export const TMDB_BAD_ANSWER = "TMDB's answer could not be read. Please try again later.";

export function tmdbRateLimitedMessage(retryAfterSeconds: number | null) {
  if (retryAfterSeconds === null) return "TMDB is busy and asked us to slow down. Please try again in a minute.";
  const wait =
    retryAfterSeconds < 60
      ? `${Math.max(1, retryAfterSeconds)} seconds`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? "s" : ""}`;
  return `TMDB is busy and asked us to slow down. Please try again in ${wait}.`;
}

const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** The message and status for a reason TMDB's film could not be imported. */
export function tmdbFailure(failure: ImportFailure): { message: string; status: number } {
  switch (failure.reason) {
    case "not-configured":
      return { message: TMDB_NOT_CONFIGURED, status: 503 };
    case "not-found":
      return { message: TMDB_NOT_FOUND, status: 404 };
    case "rate-limited":
      return { message: tmdbRateLimitedMessage(failure.retryAfterSeconds), status: 503 };
    case "unreachable":
      return { message: TMDB_UNREACHABLE, status: 503 };
    case "bad-answer":
      return { message: TMDB_BAD_ANSWER, status: 502 };
    case "incomplete":
      return {
        message: `TMDB does not give the ${listed(failure.missing)} of ${failure.title || "this film"} yet, so it cannot be imported. Please try again when it does.`,
        status: 409,
      };
    case "not-saved":
      return {
        message: `${failure.title} could not be imported: ${saveFilmRefusal(failure.failure)?.message ?? "it was not found."}`,
        status: 422,
      };
  }
}
