import { config } from "~/config.server";
import { sql } from "kysely";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

/** How often an instance reads the catalogue's version: the most a page it keeps can lag another's change. */
export const CATALOGUE_CHECK_MS = 1_000;

/**
 * What every page built from movies, shows, halls and trailers depends on: the version a trigger bumps on each
 * write to them (migration 014), and the moment the time changes them anyway: the next show's start (it leaves the
 * lists) or the cinema's next midnight (the date strip's today), whichever comes first.
 */
export type CatalogueState = { version: string; validUntil: number };

let last: { checkedAt: number; state: Promise<CatalogueState> } | null = null;

async function readCatalogueState(): Promise<CatalogueState> {
  const db = await getDb();
  const row = await typed(db)
    .selectFrom("catalogue_version")
    .select([
      sql<string>`version::text`.as("version"),
      sql<Date>`least((select min(starts_at) from shows where starts_at > now()),
        (date_trunc('day', now() at time zone ${config.timeZone}) + interval '1 day') at time zone ${config.timeZone})`.as(
        "validUntil",
      ),
    ])
    .executeTakeFirstOrThrow();
  return { version: row.version, validUntil: new Date(row.validUntil).getTime() };
}

/**
 * The catalogue's state as of at most CATALOGUE_CHECK_MS ago (or since its validUntil passed), read with one
 * query however many requests ask meanwhile.
 */
export async function catalogueState(now = Date.now()): Promise<CatalogueState> {
  const previous = last;
  if (previous && now - previous.checkedAt < CATALOGUE_CHECK_MS) {
    const state = await previous.state;
    if (now < state.validUntil || previous.checkedAt >= state.validUntil) return state;
  }
  if (last === previous) {
    const current = { checkedAt: now, state: readCatalogueState() };
    last = current;
    current.state.catch(() => {
      if (last === current) last = null;
    });
  }
  return last!.state;
}

/** This instance changed the catalogue: the next request reads the version again rather than within a second. */
export function forgetCatalogueState() {
  last = null;
}

export const catalogueKey = (state: CatalogueState) => `${state.version}@${state.validUntil}`;

// A memo holds at most this many answers (one per movie, say); past it, it starts again.
const MEMO_ENTRIES = 1_000;

/**
 * `load` answered once per catalogue state and arguments: for the catalogue reads of signed-in pages, which
 * cannot be kept as whole pages.
 */
export function onCatalogue<Args extends unknown[], T>(load: (...args: Args) => Promise<T>) {
  let key = "";
  const answers = new Map<string, Promise<T>>();
  return async (...args: Args): Promise<T> => {
    const stateKey = catalogueKey(await catalogueState());
    if (stateKey !== key || answers.size >= MEMO_ENTRIES) {
      key = stateKey;
      answers.clear();
    }
    const argsKey = JSON.stringify(args);
    let answer = answers.get(argsKey);
    if (!answer) {
      answer = load(...args);
      answers.set(argsKey, answer);
      answer.catch(() => answers.delete(argsKey));
    }
    return answer;
  };
}
