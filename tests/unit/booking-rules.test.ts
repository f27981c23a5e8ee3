import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { canCancel, canPay, holdsSeats, type BookingState } from "~/domain/booking";
import { bookingStateSql, canCancelSql, canPaySql, holdsSeatsSql } from "~/models/booking-rules.server";
import { getDb } from "~/services/db.server";
import { addBooking, addMovie, addShow, addUser } from "./fixtures";

// Each rule of a booking's state is written twice, in SQL for the statements that decide in the database and in
// TypeScript for the pages and models that decide on a booking read: for every kind of booking below, both answer
// alike. The TypeScript reads the state `bookingStateSql` reads of the same row, as `findBooking` does.

const SHOWS = {
  "a show days away": "3 days",
  "a show past its refund cut-off": `${config.bookings.cancelCutoffMinutes - 30} minutes`,
  "a show that has started": "-30 minutes",
};

type Kind = { status: "paid" | "pending" | "cancelled" | "expired"; holdLeft?: string; checkedIn?: boolean };
const BOOKINGS: Record<string, Kind> = {
  "a paid booking": { status: "paid" },
  "a paid booking let in at the door": { status: "paid", checkedIn: true },
  "a hold still running": { status: "pending", holdLeft: "10 minutes" },
  "a hold that ran out": { status: "pending", holdLeft: "-1 minute" },
  "a cancelled booking": { status: "cancelled" },
  "a hold let go (stored expired)": { status: "expired", holdLeft: "-1 minute" },
};

type Answers = { holdsSeats: boolean; canPay: boolean; canCancel: boolean };
const CASES = Object.keys(SHOWS).flatMap((show) => Object.keys(BOOKINGS).map((booking) => [booking, show] as const));
const read = new Map<string, BookingState & { sql: Answers }>();

beforeAll(async () => {
  await addMovie("t-booking-rules");
  const customer = await addUser();
  const staff = await addUser();
  const db = await getDb();
  for (const [showName, startsIn] of Object.entries(SHOWS)) {
    const show = await addShow("t-booking-rules", startsIn);
    for (const [bookingName, { status, holdLeft, checkedIn }] of Object.entries(BOOKINGS)) {
      const id = await addBooking(customer, show, ["A1"], {
        status: status === "expired" ? "pending" : status,
        holdLeft,
      });
      if (status === "expired") await db.query("update bookings set status = 'expired' where id = $1", [id]);
      if (checkedIn) await db.query("insert into check_ins (booking_id, staff_uid) values ($1, $2)", [id, staff]);
      const [row] = await db.query<BookingState & Answers>(
        `select ${bookingStateSql("b", "s")}, ${holdsSeatsSql("b")} as "holdsSeats", ${canPaySql("b", "s")} as "canPay",
           ${canCancelSql("b", "s")} as "canCancel"
         from bookings b join shows s on s.id = b.show_id where b.id = $1`,
        [id],
      );
      const { holdsSeats, canPay, canCancel, ...state } = row;
      read.set(`${bookingName}, ${showName}`, { ...state, sql: { holdsSeats, canPay, canCancel } });
    }
  }
});

describe("the SQL and TypeScript rules of a booking's state agree", () => {
  it.each(CASES)("for %s of %s", (booking, show) => {
    const { sql, ...state } = read.get(`${booking}, ${show}`)!;
    expect({ holdsSeats: holdsSeats(state), canPay: canPay(state), canCancel: canCancel(state) }).toEqual(sql);
  });

  it("on a table where each rule answers both yes and no", () => {
    for (const rule of ["holdsSeats", "canPay", "canCancel"] as const) {
      expect(new Set([...read.values()].map(({ sql }) => sql[rule]))).toEqual(new Set([true, false]));
    }
  });

  it("reading each booking's state as its name says", () => {
    const state = (booking: string, show: string) => {
      const { sql: _answers, ...found } = read.get(`${booking}, ${show}`)!;
      return found;
    };
    expect(state("a hold that ran out", "a show days away")).toEqual({
      status: "expired",
      showStarted: false,
      pastCancelCutoff: false,
      checkedIn: false,
    });
    expect(state("a paid booking let in at the door", "a show past its refund cut-off")).toEqual({
      status: "paid",
      showStarted: false,
      pastCancelCutoff: true,
      checkedIn: true,
    });
    expect(state("a hold still running", "a show that has started")).toMatchObject({
      status: "pending",
      showStarted: true,
    });
    expect(state("a cancelled booking", "a show days away").status).toBe("cancelled");
  });
});
