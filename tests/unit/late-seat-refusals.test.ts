import { once } from "node:events";
import type { AddressInfo, Server } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { knownTakenSeats } from "~/models/seat-memory.server";
import { answerKnownTakenSeatsWhenLate, LATE_TURN_MS } from "../../server/late-seat-refusals";
import { waitedForTurnMs } from "../../server/request-turns";

vi.mock("~/models/seat-memory.server", () => ({ knownTakenSeats: vi.fn() }));
vi.mock("../../server/request-turns", () => ({ waitedForTurnMs: vi.fn() }));

const MOVIE = "t-late";
const DAY = "2031-06-11";
const PATH = `/movies/${MOVIE}/${DAY}`;
const time = crypto.randomUUID();
const seatForm = (...seats: string[]) =>
  new URLSearchParams([["time", time], ["requestToken", crypto.randomUUID()], ...seats.map((s) => ["seats", s])]);
const signedIn = { Cookie: "__session=anything" };

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestContext = { requestId: "req-7" };
    next();
  });
  app.post("/movies/:id/:date", answerKnownTakenSeatsWhenLate);
  // What Remix would be handed: the body already read, or the stream still unread.
  app.post("*", async (req, res) => {
    if (Buffer.isBuffer(req.body)) return res.send(`read before: ${req.body.toString()}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    res.send(`unread: ${Buffer.concat(chunks).toString()}`);
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(waitedForTurnMs).mockReturnValue(LATE_TURN_MS);
  vi.mocked(knownTakenSeats).mockReturnValue(["A1"]);
});

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(url + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...signedIn, ...headers },
    body,
  });

describe("answerKnownTakenSeatsWhenLate", () => {
  it("answers a late post for seats known taken with a short page naming them and linking back to the rest", async () => {
    const form = seatForm("A1", "A2");
    const response = await post(PATH, form);
    expect(response.status).toBe(409);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain("<title>Seats taken – Marquee Cinemas</title>");
    expect(page).toContain("<p>Sorry, seat(s) A1 were just taken. Please choose again.</p>");
    expect(page).toContain(`<a href="${PATH}?time=${time}&amp;seats=A2" class="button">Choose other seats</a>`);
    expect(page).toContain("Request id: <code>req-7</code>");
    expect(knownTakenSeats).toHaveBeenCalledWith({
      movieId: MOVIE,
      day: DAY,
      showId: time,
      seats: ["A1", "A2"],
      requestToken: form.get("requestToken"),
    });
  });

  it("hands the body on, read, when the seats are not known taken or the form is one Remix must refuse", async () => {
    vi.mocked(knownTakenSeats).mockReturnValue(null);
    const free = seatForm("A2").toString();
    expect(await (await post(PATH, free)).text()).toBe(`read before: ${free}`);
    vi.mocked(knownTakenSeats).mockClear().mockReturnValue(["A1"]);
    const refusedByRemix = [
      seatForm("A1", "A1").toString(),
      seatForm("A1", "A2", "A3", "A4", "A5", "A6").toString(),
      `${seatForm("A1")}&time=${time}`,
      "seats=A1",
    ];
    for (const body of refusedByRemix) expect(await (await post(PATH, body)).text(), body).toBe(`read before: ${body}`);
    expect(knownTakenSeats).not.toHaveBeenCalled();
  });

  it("leaves the body unread for a post not late, without a session, to Remix's .data address, or not a small form", async () => {
    const body = seatForm("A1").toString();
    const unread = `unread: ${body}`;
    expect(await (await post(`${PATH}.data`, body)).text()).toBe(unread);
    expect(await (await post(PATH, body, { Cookie: "theme=dark" })).text()).toBe(unread);
    expect(await (await post(PATH, body, { "Content-Type": "text/plain" })).text()).toBe(unread);
    const huge = `${body}&pad=${"x".repeat(20_000)}`;
    expect(await (await post(PATH, huge)).text()).toBe(`unread: ${huge}`);
    // A body sent in chunks, without a length.
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const streamed = await fetch(url + PATH, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...signedIn },
      body: chunked,
      duplex: "half",
    } as RequestInit);
    expect(await streamed.text()).toBe(unread);
    vi.mocked(waitedForTurnMs).mockReturnValue(LATE_TURN_MS - 1);
    expect(await (await post(PATH, body)).text()).toBe(unread);
    expect(knownTakenSeats).not.toHaveBeenCalled();
  });
});
