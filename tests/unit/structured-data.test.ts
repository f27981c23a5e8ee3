import type { AppLoadContext } from "@remix-run/node";
import jsonld from "jsonld";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { loadMoviePage } from "~/http/movie-page.server";
import {
  isoDuration,
  screeningsGraph,
  type StructuredDataSite,
  type StructuredMovie,
  type StructuredScreening,
} from "~/http/structured-data.server";
import { loadWhatsOn } from "~/http/whats-on.server";
import { STANDARD_FORMAT } from "~/domain/show-format";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addBooking, addHall, addMovie, addShow, addUser } from "./fixtures";

// The JSON-LD is read as a JSON-LD processor reads it (flattened to nodes with full IRIs), never as text. The
// schema.org context is given as its vocabulary, offline: every term of ours is a schema.org term.
const SCHEMA_CONTEXT = { "@context": { "@vocab": "https://schema.org/" } };
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, "") !== "https://schema.org") throw new Error(`no document at ${url}`);
  return { document: SCHEMA_CONTEXT, documentUrl: url, contextUrl: null };
};

type Node = Record<string, unknown> & { "@id": string; "@type"?: string[] };
const S = (term: string) => `https://schema.org/${term}`;

/** The document's nodes, flattened, and readers of their values. */
async function readGraph(document: Record<string, unknown>) {
  const nodes = (await jsonld.flatten(document, null, { documentLoader })) as Node[];
  const value = (node: Node, term: string) =>
    (node[S(term)] as { "@value"?: unknown; "@id"?: string }[] | undefined)?.map(
      (item) => item["@value"] ?? item["@id"],
    );
  const one = (node: Node, term: string) => value(node, term)?.[0];
  const ofType = (type: string) => nodes.filter((node) => node["@type"]?.includes(S(type)));
  const byId = (id: unknown) => nodes.find((node) => node["@id"] === id)!;
  return { nodes, value, one, ofType, byId };
}

const site: StructuredDataSite = {
  url: "https://tickets.example",
  name: "Marquee Cinemas",
  address: "1 Marquee Lane, Springfield",
  currency: "USD",
  timeZone: "America/New_York",
};

const film: StructuredMovie = {
  id: "1029437",
  title: "Ember & Ash",
  posterUrl: "/artwork/posters/1029437.svg",
  runtime: 130,
  certificate: "15",
  overview: "A fire that will not go out.",
  releaseDate: "2026-11-20",
  genres: [
    { id: 1, name: "Drama" },
    { id: 2, name: "Thriller" },
  ],
};

const screening = (changes: Partial<StructuredScreening> = {}): StructuredScreening => ({
  ...STANDARD_FORMAT,
  startsAt: "2026-12-09T00:30:00.000Z",
  priceCents: 1299,
  soldOut: false,
  hallName: "Screen 1",
  seatPagePath: "/movies/1029437/2026-12-08?time=show-1#seats",
  ...changes,
});

describe("the JSON-LD of films and their times", () => {
  it("is a Movie, shown at the cinema by ScreeningEvents that start with their offset and offer the seat page at the adult price", async () => {
    const document = screeningsGraph(site, [
      {
        movie: film,
        screenings: [
          screening(),
          screening({
            startsAt: "2026-12-09T03:00:00.000Z",
            seatPagePath: "/movies/1029437/2026-12-08?time=show-2#seats",
            soldOut: true,
            projection: "IMAX",
            subtitled: true,
          }),
        ],
      },
    ]);
    const graph = await readGraph(document);

    const [movie] = graph.ofType("Movie");
    expect(graph.ofType("Movie")).toHaveLength(1);
    expect(movie["@id"]).toBe("https://tickets.example/movies/1029437#movie");
    expect(graph.one(movie, "name")).toBe("Ember & Ash");
    expect(graph.one(movie, "url")).toBe("https://tickets.example/movies/1029437");
    expect(graph.one(movie, "image")).toBe("https://tickets.example/artwork/posters/1029437.svg");
    expect(graph.one(movie, "duration")).toBe("PT2H10M");
    expect(graph.one(movie, "contentRating")).toBe("15");
    expect(graph.value(movie, "genre")).toEqual(["Drama", "Thriller"]);

    const [cinema] = graph.ofType("MovieTheater");
    expect(graph.one(cinema, "address")).toBe("1 Marquee Lane, Springfield");
    expect(graph.one(cinema, "name")).toBe("Marquee Cinemas");

    const events = graph.ofType("ScreeningEvent");
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(graph.one(event, "workPresented")).toBe(movie["@id"]);
      expect(graph.one(event, "location")).toBe(cinema["@id"]);
    }
    // 7:30 PM and 10 PM on Dec 8 in New York, in winter 5 hours behind UTC.
    expect(events.map((event) => graph.one(event, "startDate"))).toEqual([
      "2026-12-08T19:30:00-05:00",
      "2026-12-08T22:00:00-05:00",
    ]);
    const offers = events.map((event) => graph.byId(graph.one(event, "offers")));
    expect(offers.map((offer) => offer["@type"])).toEqual([[S("Offer")], [S("Offer")]]);
    expect(offers.map((offer) => graph.one(offer, "price"))).toEqual(["12.99", "12.99"]);
    expect(offers.map((offer) => graph.one(offer, "priceCurrency"))).toEqual(["USD", "USD"]);
    expect(offers.map((offer) => graph.one(offer, "availability"))).toEqual([S("InStock"), S("SoldOut")]);
    expect(offers.map((offer) => graph.one(offer, "url"))).toEqual([
      "https://tickets.example/movies/1029437/2026-12-08?time=show-1#seats",
      "https://tickets.example/movies/1029437/2026-12-08?time=show-2#seats",
    ]);
    expect(graph.one(events[1], "videoFormat")).toBe("IMAX");
  });

  it("writes each currency's price in its own unit, and a summer time with its summer offset", async () => {
    const document = screeningsGraph({ ...site, currency: "JPY", timeZone: "Asia/Tokyo" }, [
      { movie: film, screenings: [screening({ priceCents: 1800, startsAt: "2026-07-01T10:00:00.000Z" })] },
    ]);
    const summer = screeningsGraph(site, [
      { movie: film, screenings: [screening({ startsAt: "2026-07-01T23:15:00.000Z" })] },
    ]);
    const tokyo = await readGraph(document);
    const [event] = tokyo.ofType("ScreeningEvent");
    expect(tokyo.one(event, "startDate")).toBe("2026-07-01T19:00:00+09:00");
    expect(tokyo.one(tokyo.byId(tokyo.one(event, "offers")), "price")).toBe("1800");
    const newYork = await readGraph(summer);
    expect(newYork.one(newYork.ofType("ScreeningEvent")[0], "startDate")).toBe("2026-07-01T19:15:00-04:00");
  });

  it("compacts back to schema.org terms, a film without times being a Movie alone", async () => {
    const compacted = await jsonld.compact(screeningsGraph(site, [{ movie: film, screenings: [] }]), SCHEMA_CONTEXT, {
      documentLoader,
    });
    const graph = compacted["@graph"] as Record<string, unknown>[];
    expect(graph.map((node) => node["@type"]).sort()).toEqual(["Movie", "MovieTheater"]);
  });

  it("says a runtime as an ISO 8601 duration", () => {
    expect([isoDuration(130), isoDuration(120), isoDuration(45), isoDuration(0)]).toEqual([
      "PT2H10M",
      "PT2H",
      "PT45M",
      "PT0M",
    ]);
  });
});

describe("the pages' structured data, from the database", () => {
  const day = addDays(cinemaToday(config.timeZone), 2);
  const args = (path: string, params: Record<string, string> = {}) => ({
    request: new Request(`http://127.0.0.1${path}`),
    params,
    context: {} as AppLoadContext,
  });

  it("the movie page's times are ScreeningEvents at the site's address, the show's adult price and the cinema's address", async () => {
    await addMovie("t-sd-movie", { title: "Structured", runtime: 95 });
    await addShow("t-sd-movie", `${day}T18:00:00Z`, { priceCents: 1450 });
    const page = await loadMoviePage(args(`/movies/t-sd-movie?day=${day}`, { id: "t-sd-movie" }));
    expect(page.sharing.canonicalUrl).toBe(`${config.mail.siteUrl}/movies/t-sd-movie`);
    expect(page.sharing.image?.url).toBe(`${config.mail.siteUrl}/artwork/b.svg`);
    const graph = await readGraph(page.sharing.structuredData!);
    const [event] = graph.ofType("ScreeningEvent");
    expect(graph.one(event, "startDate")).toBe(`${day}T18:00:00+00:00`);
    expect(graph.one(graph.byId(graph.one(event, "location")), "address")).toBe(config.address);
    const offer = graph.byId(graph.one(event, "offers"));
    expect(graph.one(offer, "price")).toBe("14.50");
    expect(graph.one(offer, "availability")).toBe(S("InStock"));
    expect(graph.one(offer, "url")).toMatch(
      new RegExp(`^${config.mail.siteUrl}/movies/t-sd-movie/${day}\\?time=[\\w-]+#seats$`),
    );
  }, 60_000);

  it("What's On says a show whose every seat is taken is sold out", async () => {
    await addMovie("t-sd-full", { title: "Sold Out Story" });
    const hallId = await addHall("A 1 2");
    const showId = await addShow("t-sd-full", `${day}T20:00:00Z`, { hallId });
    const booking = await addBooking(await addUser("t-sd-buyer"), showId, ["A1", "A2"]);
    const db = await getDb();
    await db.query("insert into booked_seats (show_id, seat, booking_id) values ($1, 'A1', $2), ($1, 'A2', $2)", [
      showId,
      booking,
    ]);
    const page = await loadWhatsOn(args(`/whats-on?day=${day}`));
    const graph = await readGraph(page.sharing.structuredData!);
    const movie = graph.ofType("Movie").find((node) => graph.one(node, "name") === "Sold Out Story")!;
    const [event] = graph.ofType("ScreeningEvent").filter((node) => graph.one(node, "workPresented") === movie["@id"]);
    expect(graph.one(graph.byId(graph.one(event, "offers")), "availability")).toBe(S("SoldOut"));
    expect(page.movies.find((shown) => shown.title === "Sold Out Story")?.certificate).toBeNull();
  });
});
