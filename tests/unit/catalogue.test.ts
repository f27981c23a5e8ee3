import { afterEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE_CHECK_MS, catalogueState, forgetCatalogueState, onCatalogue } from "~/models/catalogue.server";
import { getDb } from "~/services/db.server";
import { addMovie, addShow } from "./fixtures";

const version = async () => {
  const db = await getDb();
  const [row] = await db.query<{ version: string }>("select version::text from catalogue_version");
  return Number(row.version);
};

afterEach(() => forgetCatalogueState());

describe("the catalogue's version", () => {
  it("is bumped by every write to movies, shows and their prices, ticket types, halls and trailers, in the writer's transaction", async () => {
    const db = await getDb();
    let before = await version();
    await addMovie("t-version");
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    // One with a hall of its own: the hall and the show each bump it.
    await addShow("t-version", "2 days");
    expect(await version()).toBeGreaterThanOrEqual(before + 2);
    before = await version();
    await db.query(
      `insert into trailers (id, movie_id, title, image, video_url, position)
       values ('t-version-trailer', 't-version', 'Trailer', '/i.svg', '/v.mp4', 1)`,
    );
    // Deleting the show deletes its prices too, which bump it once more.
    await db.query("delete from shows where movie_id = 't-version'");
    expect(await version()).toBe(before + 3);
    before = await version();
    await db.query("update ticket_types set rule = rule");
    expect(await version()).toBe(before + 1);
    before = await version();
    await db
      .transaction(async (tx) => {
        await tx.query("update movies set title = 'Renamed' where id = 't-version'");
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(await version()).toBe(before);
    await db.query("select * from bookings");
    expect(await version()).toBe(before);
  });

  it("is read at most once a second, and again once the next show has started", async () => {
    const first = await catalogueState();
    await addMovie("t-version-read");
    const soon = Date.now();
    expect(await catalogueState(soon)).toBe(first);
    const later = await catalogueState(soon + CATALOGUE_CHECK_MS);
    expect(later.version).not.toBe(first.version);
    // The state is valid until the next show starts, when that show leaves the lists: then it is read again.
    const startsAt = new Date(Date.now() + 600);
    await addShow("t-version-read", startsAt.toISOString());
    forgetCatalogueState();
    const withShow = await catalogueState();
    expect(withShow.validUntil).toBe(startsAt.getTime());
    expect(await catalogueState(withShow.validUntil - 1)).toBe(withShow);
    expect(await catalogueState(withShow.validUntil)).not.toBe(withShow);
  });
});

describe("onCatalogue", () => {
  it("answers once per catalogue state and arguments", async () => {
    const load = vi.fn(async (id: string) => ({ id }));
    const memo = onCatalogue(load);
    expect(await memo("a")).toEqual({ id: "a" });
    await memo("a");
    await memo("b");
    expect(load).toHaveBeenCalledTimes(2);
    await addMovie("t-memo");
    forgetCatalogueState();
    await memo("a");
    expect(load).toHaveBeenCalledTimes(3);
  });
});
