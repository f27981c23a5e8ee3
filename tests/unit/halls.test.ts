import { beforeAll, describe, expect, it } from "vitest";
import type { HallLayout } from "~/domain/hall-layout";
import { parseLayout } from "~/domain/hall-layout-text";
import { occupiedSeats } from "~/models/bookings.server";
import { getHall, listHalls, listHallsInUse, saveHall } from "~/models/halls.server";
import { findWaitlistPlace, joinWaitlist } from "~/models/waitlist.server";
import { readSubmission } from "~/http/forms.server";
import { hallSchema } from "~/schemas/hall";
import { getDb } from "~/services/db.server";
import { addBooking, addMovie, addShow, addUser } from "./fixtures";

function layout(text: string): HallLayout {
  const parsed = parseLayout(text);
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  return parsed.layout;
}

const hall = (name: string, text: string, inUse = true) => ({ name, layout: layout(text), typeExtras: {}, inUse });

beforeAll(async () => {
  await addMovie("hall-film");
  await addUser("hall-customer");
});

describe("saveHall", () => {
  it("creates a hall with its capacity from the layout", async () => {
    const saved = await saveHall("test-staff", null, {
      ...hall("Studio", "A 1 2 | 3 4\nB W1 C2 3"),
      typeExtras: { premium: 300 },
    });
    expect(saved).toMatchObject({ ok: true, hall: { name: "Studio", seatCount: 7, typeExtras: { premium: 300 } } });
    if (!saved.ok) return;
    expect(await getHall(saved.hall.id)).toEqual(saved.hall);
  });

  it("refuses a name another hall has", async () => {
    await saveHall("test-staff", null, hall("Twin", "A 1"));
    expect(await saveHall("test-staff", null, hall("Twin", "A 1 2"))).toEqual({ ok: false, reason: "name-taken" });
    expect(await saveHall("test-staff", "not-an-id", hall("Twin 2", "A 1"))).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("keeps the seats sold or held for shows to come, and lets the others go", async () => {
    const created = await saveHall("test-staff", null, hall("Changing", "A 1 2 3 4\nB 1 2 3 4"));
    if (!created.ok) throw new Error(created.reason);
    const { id } = created.hall;
    await addBooking("hall-customer", await addShow("hall-film", "2 days", { hallId: id }), ["A1", "A2"]);
    await addBooking("hall-customer", await addShow("hall-film", "3 days", { hallId: id }), ["B4"], {
      status: "pending",
    });
    // Sold for a show that has been: no longer wanted.
    await addBooking("hall-customer", await addShow("hall-film", "-2 days", { hallId: id }), ["B1"]);
    expect(await saveHall("test-staff", id, hall("Changing", "A . 2 3 4\nB 1 2 3"))).toEqual({
      ok: false,
      reason: "sold-seats-removed",
      seats: ["A1", "B4"],
    });
    expect(await saveHall("test-staff", id, hall("Changing", "A 1 2 3 4\nB . 2 3 4 5"))).toMatchObject({
      ok: true,
      hall: { seatCount: 8 },
    });
  });
});

describe("seats a hall's change adds", () => {
  it("are offered to those waiting for each sold-out show to come in the hall, in the same change", async () => {
    const created = await saveHall("test-staff", null, hall("Growing", "A 1 2"));
    if (!created.ok) throw new Error(created.reason);
    const { id } = created.hall;
    const shows = [
      await addShow("hall-film", "4 days", { hallId: id }),
      await addShow("hall-film", "5 days", { hallId: id }),
    ];
    const db = await getDb();
    const waiting = [];
    for (const show of shows) {
      const sold = await addBooking("hall-customer", show, ["A1", "A2"]);
      await db.query("insert into booked_seats (show_id, seat, booking_id) values ($1, 'A1', $2), ($1, 'A2', $2)", [
        show,
        sold,
      ]);
      const [first, second] = [await addUser(), await addUser()];
      expect(await joinWaitlist(first, show, 1)).toMatchObject({ ok: true });
      await joinWaitlist(second, show, 1);
      waiting.push({ show, first, second });
    }

    expect(await saveHall("test-staff", id, hall("Growing", "A 1 2 3"))).toMatchObject({ ok: true });
    for (const { show, first, second } of waiting) {
      const offers = await db.query<{ userUid: string; seats: string[] }>(
        `select b.user_uid as "userUid", b.seats from waitlist_entries w join bookings b on b.id = w.offered_booking_id
         where w.show_id = $1`,
        [show],
      );
      expect(offers).toEqual([{ userUid: first, seats: ["A3"] }]);
      expect(await findWaitlistPlace(second, show)).toEqual({ position: 1, seatCount: 1 });
      expect(await occupiedSeats(show)).toEqual(["A1", "A2", "A3"]);
    }
  });
});

describe("listing halls", () => {
  it("lists every hall with its shows to come, and offers only those in use for new shows", async () => {
    const old = await saveHall("test-staff", null, hall("Old Screen", "A 1 2", false));
    if (!old.ok) throw new Error(old.reason);
    const listed = await listHalls();
    expect(listed.find((h) => h.name === "Changing")).toMatchObject({ upcomingShows: 2, inUse: true });
    expect(listed.at(-1)).toMatchObject({ name: "Old Screen", inUse: false });
    expect((await listHallsInUse()).map((h) => h.name)).not.toContain("Old Screen");
    expect((await listHallsInUse()).map((h) => h.name)).toContain("Screen 1");
  });
});

describe("the hall editor's form", () => {
  it("prices premium seats apart; wheelchair and companion spaces cost a standard seat's price, whatever is posted", async () => {
    const form = new URLSearchParams({
      intent: "save",
      name: "Accessible",
      layout: "A 1 P2 W3 C4",
      premiumExtra: "2.50",
      wheelchairExtra: "5",
      companionExtra: "5",
    });
    const read = await readSubmission(
      new Request("http://cinema.test/admin/halls/new", { method: "POST", body: form }),
      hallSchema("USD"),
    );
    expect(read.ok && read.value.typeExtras).toEqual({ premium: 250 });
  });

  it("reads a seat pressed without JavaScript from unfinished rows and no name; a place it cannot read is refused", async () => {
    const post = (fields: Record<string, string>) =>
      readSubmission(
        new Request("http://cinema.test/admin/halls/new", { method: "POST", body: new URLSearchParams(fields) }),
        hallSchema("USD"),
      );
    const pressed = await post({ name: "", layout: "A 1 C2 3", seat: "0:2" });
    expect(pressed.ok && pressed.value).toMatchObject({ intent: "seat", line: 0, column: 2 });
    for (const seat of ["0", "1:2:3", "-1:0", "100:1"]) expect((await post({ layout: "A 1", seat })).ok).toBe(false);
    const saved = await post({ name: "", layout: "A 1 2" });
    expect(saved.ok ? null : saved.message).toBe("Please enter the hall's name");
  });
});
