import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { formFields, readSubmission } from "~/http/forms.server";
import { adminMenuSchema } from "~/schemas/admin-menu";
import {
  type AddShowRequest,
  addShowSchema,
  chooseTimeIntent,
  HALL_REQUIRED,
  MAX_SHOW_TIMES,
  MOVIE_REQUIRED,
  PRICE_LIST_CHANGED,
  priceMessages,
  priceProblem,
  removeIntent,
  TIME_INVALID,
  TIME_REQUIRED,
  TIME_YEARS,
  TIMES_REQUIRED,
  timeToAdd,
  timeToRemove,
  TOO_MANY_TIMES,
  UNKNOWN_BUTTON,
} from "~/schemas/add-show";

const HALL = "00000000-0000-4000-8000-000000000001";
const TYPE = "00000000-0000-4000-8000-00000000a001";
import { BOOKING_LIST_DEFAULTS, bookingListSchema } from "~/schemas/booking-list";
import { listQuery, pageWindow, parseQuery } from "~/schemas/list-query";
import { CONFIRMATION_UNREADABLE, cancelShowSchema, moveShowSchema } from "~/schemas/show-changes";
import { listedShowPath, SHOW_LIST_DEFAULTS, showListSchema } from "~/schemas/show-list";
import { scannedTicketCode, ticketCodeSchema } from "~/schemas/ticket-code";

const TIME = "2030-05-01T19:30";
const PRICE_MESSAGES = priceMessages("USD");

function parse(fields: Record<string, string | string[]>, currency = "USD") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const [index, item] of [value].flat().entries())
      form.append(Array.isArray(value) ? `${name}[${index}]` : name, item);
  }
  return parseWithZod(form, { schema: addShowSchema(currency) });
}

function errorsOf(fields: Record<string, string | string[]>, currency = "USD") {
  const submission = parse(fields, currency);
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("the Add Shows form", () => {
  it("reads a price in USD: positive, at most 2 decimals, at most 10,000", () => {
    expect(["12", "12.5", "12.50", "12.990", ".5", "1000", "0.01"].map((p) => priceProblem(p, "USD"))).toEqual(
      Array(7).fill(null),
    );
    expect(["abc", "1e3", "12,50", "", "1".repeat(30)].map((p) => priceProblem(p, "USD"))).toEqual(
      Array(5).fill(PRICE_MESSAGES.invalid),
    );
    expect(["0", "-5", "0.00", "-0.5"].map((p) => priceProblem(p, "USD"))).toEqual(
      Array(4).fill("Price must be more than 0"),
    );
    expect(priceProblem("12.999", "USD")).toBe("Price can have at most 2 decimals");
    expect(priceProblem("10000", "USD")).toBeNull();
    expect(priceProblem("10000.01", "USD")).toBe(PRICE_MESSAGES["too-high"]);
    expect(PRICE_MESSAGES["too-high"]).toBe("Price must be at most $10,000.00");
    expect(PRICE_MESSAGES.invalid).toBe("Price must be a number, such as 12.50");
  });

  it("reads a price in the currency's own minor units: whole yen, fils to 3 decimals", () => {
    expect(priceProblem("49", "JPY")).toBeNull();
    // The guard is the same sum of minor units in every currency: a yen price of 1,800 is ordinary.
    expect(priceProblem("1800", "JPY")).toBeNull();
    expect(priceProblem("1000001", "JPY")).toBe("Price must be at most ¥1,000,000");
    expect(priceProblem("1.5", "JPY")).toBe("Price must be a whole number");
    expect(priceMessages("JPY").invalid).toBe("Price must be a number, such as 1200");
    expect(priceProblem("1.234", "KWD")).toBeNull();
    expect(priceProblem("1.2345", "KWD")).toBe("Price can have at most 3 decimals");
    expect(
      errorsOf(
        { intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: ["1.5"], times: [TIME] },
        "JPY",
      ),
    ).toEqual({
      "prices[0]": ["Price must be a whole number"],
    });
    expect(
      errorsOf(
        { intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: ["49"], times: [TIME] },
        "JPY",
      ),
    ).toEqual({});
  });

  it("asks Add Time for a valid date and time, and nothing else", () => {
    expect(errorsOf({ intent: "add-time" })).toEqual({ time: [TIME_REQUIRED] });
    expect(errorsOf({ intent: "add-time", time: "2030-02-30T10:00" })).toEqual({ time: [TIME_INVALID] });
    expect(errorsOf({ intent: "add-time", time: "2030-02-10T24:00" })).toEqual({ time: [TIME_INVALID] });
    expect(errorsOf({ intent: "add-time", time: "10000-01-01T10:00" })).toEqual({ time: [TIME_INVALID] });
    expect(errorsOf({ intent: "add-time", time: TIME })).toEqual({});
  });

  it("refuses a time outside the years shows are sold, with a message", () => {
    expect(TIME_YEARS).toBe("Please pick a date in the years 2000 to 2099");
    for (const time of ["0000-01-01T10:00", "1999-12-31T23:59", "2100-01-01T00:00"]) {
      expect(errorsOf({ intent: "add-time", time })).toEqual({ time: [TIME_YEARS] });
      expect(
        errorsOf({ intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: ["12"], times: [time] }),
      ).toEqual({
        "times[0]": [TIME_YEARS],
      });
      expect(errorsOf({ intent: removeIntent(time) })).toEqual({ intent: [UNKNOWN_BUTTON] });
    }
  });

  it("takes the occurrence chosen of a time that happens twice", () => {
    const first = "2027-11-07T01:30-04:00";
    const chosen = parse({ intent: chooseTimeIntent(first), times: [first] });
    expect(chosen.status === "success" && timeToAdd(chosen.value as AddShowRequest)).toBe(first);
    expect(errorsOf({ intent: "add-time", time: first })).toEqual({});
    expect(errorsOf({ intent: chooseTimeIntent("2027-11-07T01:30+25:00") })).toEqual({ intent: [UNKNOWN_BUTTON] });
  });

  it("asks Create Show for a movie, a hall, a price for each ticket type and a time, all at once", () => {
    expect(errorsOf({ intent: "create" })).toEqual({
      movieId: [MOVIE_REQUIRED],
      hallId: [HALL_REQUIRED],
      prices: [PRICE_MESSAGES.required],
      times: [TIMES_REQUIRED],
    });
    expect(
      errorsOf({ intent: "create", priceTypes: [TYPE], prices: ["12.345"], times: [TIME], hallId: "not-a-hall" }),
    ).toEqual({
      movieId: [MOVIE_REQUIRED],
      hallId: [HALL_REQUIRED],
      "prices[0]": [PRICE_MESSAGES.decimals],
    });
    expect(
      errorsOf({ intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: ["12"], times: [TIME] }),
    ).toEqual({});

    expect(
      errorsOf({
        intent: "create",
        movieId: "1",
        hallId: HALL,
        priceTypes: [TYPE, TYPE],
        prices: ["12"],
        times: [TIME],
      }),
    ).toEqual({
      prices: [PRICE_LIST_CHANGED],
    });
    expect(
      errorsOf({ intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: [""], times: [TIME] }),
    ).toEqual({
      "prices[0]": [PRICE_MESSAGES.required],
    });
  });

  it("knows its buttons, and the time each remove button names", () => {
    expect(errorsOf({ intent: removeIntent(TIME), times: [TIME] })).toEqual({});
    const removal = parse({ intent: `remove:${TIME}`, times: [TIME] });
    expect(removal.status === "success" && timeToRemove(removal.value as AddShowRequest)).toBe(TIME);
    const added = parse({ intent: "add-time", time: TIME });
    expect(added.status === "success" && timeToAdd(added.value as AddShowRequest)).toBe(TIME);
    for (const intent of ["delete", "remove:", "remove:tomorrow", ""]) {
      expect(errorsOf({ intent, time: TIME })).toMatchObject({ intent: [UNKNOWN_BUTTON] });
    }
  });

  it(`bounds the list of times at ${MAX_SHOW_TIMES}`, () => {
    expect(formFields(addShowSchema("USD")).get("times")).toEqual({
      label: "Show times",
      list: true,
      max: MAX_SHOW_TIMES,
    });
    const times = Array.from(
      { length: MAX_SHOW_TIMES + 1 },
      (_, i) => `2030-05-${String((i % 28) + 1).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:00`,
    );
    expect(
      errorsOf({ intent: "create", movieId: "1", hallId: HALL, priceTypes: [TYPE], prices: ["12"], times }),
    ).toEqual({
      times: [TOO_MANY_TIMES],
    });
  });

  it("answers a step with the new values, and the emptied field shown anew", async () => {
    const request = new Request("http://cinema.test/admin/add-shows", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add-time",
        movieId: "1",
        "priceTypes[0]": TYPE,
        "prices[0]": "12",
        time: TIME,
      }),
    });
    const form = await readSubmission(request, addShowSchema("USD"));
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    const { data, init } = form.update({ intent: undefined, times: [TIME] }, { emptied: "time" });
    expect(init?.status ?? 200).toBe(200);
    expect(data).toEqual({
      status: "success",
      initialValue: { movieId: "1", priceTypes: [TYPE], prices: ["12"], time: "", times: [TIME] },
      intent: { type: "update", payload: { name: "time", value: "" } },
    });
    expect(form.refuse("Too late", 409, "time").data.error).toEqual({ time: ["Too late"] });
  });
});

describe("the staff lists' query strings", () => {
  const params = (query: string) => new URLSearchParams(query);

  it("fall back to the defaults on odd values", () => {
    expect(parseQuery(showListSchema, params("sort=drop+table&dir=sideways&when=tomorrow&page=-3"))).toEqual(
      SHOW_LIST_DEFAULTS,
    );
    expect(parseQuery(showListSchema, params("page=1e99&page=abc"))).toEqual(SHOW_LIST_DEFAULTS);
    expect(
      parseQuery(bookingListSchema, params("status=refunded&hall=screen-9&sort=price&dir=up&page=2.5&search=%00")),
    ).toEqual(BOOKING_LIST_DEFAULTS);
    expect(
      parseQuery(showListSchema, params(`from=2026-02-30&to=tomorrow&movie=${encodeURIComponent("'; drop")}`)),
    ).toEqual(SHOW_LIST_DEFAULTS);
    expect(parseQuery(showListSchema, params(`from=1999-12-31&to=2100-01-01&movie=${"m".repeat(101)}`))).toEqual(
      SHOW_LIST_DEFAULTS,
    );
    expect(parseQuery(showListSchema, params("hall=screen-1%27"))).toEqual(SHOW_LIST_DEFAULTS);
    expect(SHOW_LIST_DEFAULTS).toEqual({
      when: "upcoming",
      from: "",
      to: "",
      movie: "",
      hall: "",
      sort: "date",
      dir: "asc",
      page: 1,
    });
    expect(BOOKING_LIST_DEFAULTS).toEqual({
      status: "all",
      hall: "all",
      day: "",
      show: "",
      search: "",
      sort: "date",
      dir: "desc",
      page: 1,
    });
  });

  it("keep good values, trim and cap a search", () => {
    expect(
      parseQuery(
        bookingListSchema,
        params(
          `status=paid&hall=00000000-0000-4000-8000-000000000001&sort=seats&dir=asc&page=3&search=+${"x".repeat(150)}` +
            `&day=+2026-12-07+&show=${"s".repeat(50)}`,
        ),
      ),
    ).toEqual({
      status: "paid",
      hall: "00000000-0000-4000-8000-000000000001",
      // Kept as typed (trimmed, cut to 40), for List Bookings to say in words what is no day or no show.
      day: "2026-12-07",
      show: "s".repeat(40),
      sort: "seats",
      dir: "asc",
      page: 3,
      search: "x".repeat(100),
    });
  });

  it("keep a day range, a movie and a hall, a range given backwards read the right way round", () => {
    const hall = "00000000-0000-4000-8000-000000000001";
    expect(
      parseQuery(showListSchema, params(`from=2026-03-01&to=2026-03-05&movie=tt-0123_x&hall=${hall}`)),
    ).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-05",
      movie: "tt-0123_x",
      hall,
    });
    expect(parseQuery(showListSchema, params("from=2026-03-05&to=2026-03-01"))).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-05",
    });
    expect(parseQuery(showListSchema, params("to=2026-03-01"))).toMatchObject({ from: "", to: "2026-03-01" });
  });

  it("link a show to its row in List Shows: its movie on its day", () => {
    const show = { id: "00000000-0000-4000-8000-000000000001", movieId: "film-1", day: "2026-03-01" };
    expect(listedShowPath(show)).toBe(
      "/admin/list-shows?when=all&from=2026-03-01&to=2026-03-01&movie=film-1#show-00000000-0000-4000-8000-000000000001",
    );
  });

  it("are written without the defaults", () => {
    expect(listQuery({ ...SHOW_LIST_DEFAULTS, sort: "title", page: 2 }, SHOW_LIST_DEFAULTS)).toBe("?sort=title&page=2");
    expect(listQuery(SHOW_LIST_DEFAULTS, SHOW_LIST_DEFAULTS)).toBe("");
  });

  it("page through rows, the last page for one past the end", () => {
    expect(pageWindow(45, 2)).toEqual({ page: 2, pageCount: 3, offset: 20, limit: 20 });
    expect(pageWindow(45, 9)).toMatchObject({ page: 3, offset: 40 });
    expect(pageWindow(0, 4)).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 20 });
  });
});

describe("other staff forms", () => {
  it("Cancel Show and Move Show read the number of paid bookings confirmed, absent until asked", () => {
    const read = (schema: typeof cancelShowSchema | typeof moveShowSchema, fields: Record<string, string>) => {
      const submission = parseWithZod(new URLSearchParams(fields), { schema });
      return submission.status === "success" ? submission.value : submission.error;
    };
    expect(read(cancelShowSchema, {})).toEqual({});
    expect(read(cancelShowSchema, { confirmedPaid: "3" })).toEqual({ confirmedPaid: 3 });
    for (const confirmedPaid of ["abc", "-1", "1.5", "1e99"])
      expect(read(cancelShowSchema, { confirmedPaid })).toEqual({ confirmedPaid: [CONFIRMATION_UNREADABLE] });
    const hallId = "00000000-0000-4000-8000-000000000001";
    expect(read(moveShowSchema, { hallId, time: "2030-03-01T20:00", confirmedPaid: "0" })).toEqual({
      hallId,
      time: "2030-03-01T20:00",
      confirmedPaid: 0,
    });
  });

  it("the Check In page takes a typed code, or the whole link a QR code carries", () => {
    const code = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(parseQuery(ticketCodeSchema, new URLSearchParams({ code: `  ${code}\n` }))).toEqual({ code });
    expect(
      parseQuery(ticketCodeSchema, new URLSearchParams({ code: `https://cinema.example/admin/check-in/${code}` })),
    ).toEqual({
      code,
    });
    expect(parseQuery(ticketCodeSchema, new URLSearchParams({ code: "x".repeat(5000) }))).toEqual({
      code: "x".repeat(200),
    });
    expect(parseQuery(ticketCodeSchema, new URLSearchParams())).toEqual({ code: "" });
  });

  it("the camera takes an e-ticket's code, or the check-in link its QR code carries, and nothing else", () => {
    const code = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(scannedTicketCode(code)).toBe(code);
    expect(scannedTicketCode(`https://cinema.example/admin/check-in/${code}`)).toBe(code);
    for (const other of [
      "https://example.com/menu",
      `https://cinema.example/admin/check-in/${code}?next=/`,
      `https://cinema.example/my-bookings/${code}`,
      code.slice(1),
      "1A2B3C4D",
      "",
    ])
      expect(scannedTicketCode(other)).toBeNull();
  });

  it("the menu button says collapsed or expanded", () => {
    expect(adminMenuSchema.parse({ collapsed: "true", redirectTo: "/admin/list-shows?page=2" })).toEqual({
      collapsed: true,
      redirectTo: "/admin/list-shows?page=2",
    });
    expect(adminMenuSchema.safeParse({ collapsed: "maybe" }).success).toBe(false);
  });
});
