import { beforeAll, describe, expect, it } from "vitest";
import { shortBookingId } from "~/domain/booking";
import { exportBookingsCsv, listBookingsForStaff } from "~/models/booking-admin.server";
import { BOOKING_LIST_DEFAULTS, type BookingListQuery } from "~/schemas/booking-list";
import { getDb } from "~/services/db.server";
import { addBooking, addMovies, addShow, addUser, clearAll } from "./fixtures";

const query = (changes: Partial<BookingListQuery> = {}): BookingListQuery => ({ ...BOOKING_LIST_DEFAULTS, ...changes });
const ids = async (changes: Partial<BookingListQuery>) =>
  (await listBookingsForStaff(query(changes))).bookings.map((b) => b.id);

let b1: string; // Ann, Zebra Night, paid, 2 seats, 100.00, 5 hours ago
let b2: string; // Bob, Apple Days, pending, 1 seat, 50.00, 4 hours ago
let b3: string; // Dan, Zebra Night, expired, 3 seats, 150.00, 3 hours ago
let b4: string; // Cara, Apple Days, cancelled, 1 seat, 50.00, 2 hours ago
let b5: string; // Ann, Apple Days, paid, 4 seats, 200.00, 1 hour ago
let zebra: string;

beforeAll(async () => {
  await clearAll();
  await addMovies({ z: "Zebra Night", a: "Apple Days" });
  zebra = await addShow("z", "1 day");
  const apple = await addShow("a", "2 days");
  await addUser("ann", { name: "Ann Archer" });
  await addUser("bob", { name: "bob baker", email: "bob@shop.example" });
  await addUser("cara", { name: 'Cara, "CJ" Jones' });
  await addUser("dan", { name: "Dan Dunn" });
  b1 = await addBooking("ann", zebra, ["A1", "A2"], { amountCents: 10000, madeAgo: "5 hours" });
  b2 = await addBooking("bob", apple, ["B1"], { status: "pending", amountCents: 5000, madeAgo: "4 hours" });
  b3 = await addBooking("dan", zebra, ["C1", "C2", "C3"], {
    status: "pending",
    holdLeft: "-1 minute",
    amountCents: 15000,
    madeAgo: "3 hours",
  });
  b4 = await addBooking("cara", apple, ["D1"], { status: "cancelled", amountCents: 5000, madeAgo: "2 hours" });
  b5 = await addBooking("ann", apple, ["E1", "E2", "E3", "E4"], { amountCents: 20000, madeAgo: "1 hour" });
});

describe("listBookingsForStaff", () => {
  it("shows each payment's reference at the gateway and where its money stands", async () => {
    const paymentOf = async (id: string) =>
      (await listBookingsForStaff(query())).bookings.find((b) => b.id === id)!.payment;
    expect(await paymentOf(b1)).toEqual({ reference: expect.any(String), state: "Paid", dashboardUrl: null });
    expect(await paymentOf(b3)).toBeNull();
    const db = await getDb();
    const refundOf = (state: string | null) =>
      db.query(
        `update payments set refunded_at = case when $2::text is null then null else now() end, refund_status = $2
         where booking_id = $1`,
        [b5, state],
      );
    for (const [status, label] of [
      ["pending", "Refund pending"],
      ["failed", "Refund failed"],
      ["succeeded", "Refunded"],
    ]) {
      await refundOf(status);
      expect(await paymentOf(b5)).toMatchObject({ state: label });
    }
    await refundOf(null);
  });

  it("shows each booking's customer, movie, seats, amount and status as people see it", async () => {
    const { bookings, total } = await listBookingsForStaff(query());
    expect(total).toBe(5);
    expect(bookings.map((b) => b.status)).toEqual(["paid", "cancelled", "expired", "pending", "paid"]);
    expect(bookings.find((b) => b.id === b2)).toMatchObject({
      customerName: "bob baker",
      customerEmail: "bob@shop.example",
      title: "Apple Days",
      seats: ["B1"],
      amountCents: 5000,
    });
  });

  it("filters by status", async () => {
    expect(await ids({ status: "paid" })).toEqual([b5, b1]);
    expect(await ids({ status: "pending" })).toEqual([b2]);
    expect(await ids({ status: "cancelled" })).toEqual([b4]);
    expect(await ids({ status: "expired" })).toEqual([b3]);
  });

  it("filters by hall", async () => {
    const db = await getDb();
    const [{ hall }] = await db.query<{ hall: string }>("select hall_id as hall from shows where id = $1", [zebra]);
    expect(await ids({ hall })).toEqual([b3, b1]);
    expect(await ids({ hall: "all" })).toHaveLength(5);
  });

  it("sorts by date, name, movie, amount and seats, both ways (ties newest first)", async () => {
    expect(await ids({ sort: "date", dir: "desc" })).toEqual([b5, b4, b3, b2, b1]);
    expect(await ids({ sort: "date", dir: "asc" })).toEqual([b1, b2, b3, b4, b5]);
    expect(await ids({ sort: "name", dir: "asc" })).toEqual([b5, b1, b2, b4, b3]);
    expect(await ids({ sort: "name", dir: "desc" })).toEqual([b3, b4, b2, b5, b1]);
    expect(await ids({ sort: "movie", dir: "asc" })).toEqual([b5, b4, b2, b3, b1]);
    expect(await ids({ sort: "movie", dir: "desc" })).toEqual([b3, b1, b5, b4, b2]);
    expect(await ids({ sort: "amount", dir: "asc" })).toEqual([b4, b2, b1, b3, b5]);
    expect(await ids({ sort: "amount", dir: "desc" })).toEqual([b5, b3, b1, b4, b2]);
    expect(await ids({ sort: "seats", dir: "asc" })).toEqual([b4, b2, b1, b3, b5]);
    expect(await ids({ sort: "seats", dir: "desc" })).toEqual([b5, b3, b1, b4, b2]);
  });

  it("finds a booking by the start of its id, or by a part of the customer's email", async () => {
    expect(await ids({ search: b3.slice(0, 8) })).toEqual([b3]);
    // The reference as customers and staff see it, in capitals.
    expect(await ids({ search: shortBookingId(b3) })).toEqual([b3]);
    expect(await ids({ search: b3.toUpperCase() })).toEqual([b3]);
    expect(await ids({ search: "SHOP.example" })).toEqual([b2]);
    expect(await ids({ search: "ann@", status: "paid" })).toEqual([b5, b1]);
    // The search narrows the status's list, never widens it: every email here but Bob's ends in example.com.
    expect(await ids({ search: "example.com", status: "cancelled" })).toEqual([b4]);
    expect(await ids({ search: b3.slice(0, 8), status: "paid" })).toEqual([]);
    expect(await listBookingsForStaff(query({ search: "nobody%" }))).toEqual({
      bookings: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("gives the last page for a page past the end", async () => {
    expect(await listBookingsForStaff(query({ page: 7 }))).toMatchObject({ page: 1, pageCount: 1, total: 5 });
  });
});

describe("exportBookingsCsv", () => {
  const rows = (csv: string) =>
    csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");

  it("writes the filtered bookings with a header, times in the cinema's zone", async () => {
    const csv = await exportBookingsCsv(query({ status: "cancelled" }));
    expect(rows(csv)).toEqual([
      "Reference,Booked On,Customer,Email,Movie,Hall,Show Time,Seats,Tickets,Amount (USD),Status,Payment,Payment Reference,Booking ID",
      expect.stringMatching(
        new RegExp(
          `^${shortBookingId(b4)},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,"Cara, ""CJ"" Jones",cara@example.com,Apple Days,Test hall [0-9a-f-]+,`,
        ),
      ),
    ]);
    expect(rows(csv)[1]).toMatch(new RegExp(`,D1,1 × Adult \\$50\\.00,50\\.00,Cancelled,,,${b4}$`));
  });

  it("neutralises a name a spreadsheet would run as a formula", async () => {
    await addUser("eve", { name: '=HYPERLINK("http://evil.example","x")', email: "eve@example.com" });
    const eve = await addBooking("eve", zebra, ["F1"], { status: "pending" });
    const [, row] = rows(await exportBookingsCsv(query({ search: eve })));
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",eve@example.com,Zebra Night,`);
    expect(row).toMatch(/,Pending Payment,,,[0-9a-f-]{36}$/);
  });

  it("writes every page of the list", async () => {
    for (let i = 0; i < 20; i++) await addBooking("dan", zebra, [`J${(i % 9) + 1}`], { status: "cancelled" });
    expect((await listBookingsForStaff(query())).bookings).toHaveLength(20);
    expect(rows(await exportBookingsCsv(query()))).toHaveLength(1 + 26);
  });
});
