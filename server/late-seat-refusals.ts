import type { NextFunction, Request, Response } from "express";
import { seatPageUrl } from "~/domain/seat-page-paths";
import { bookingFailure } from "~/http/booking-failures.server";
import { checkedFormValues, MAX_FORM_BYTES, URL_ENCODED } from "~/http/forms.server";
import { seatAsk } from "~/http/seat-page.server";
import { hasSessionCookie } from "~/http/session-cookie.server";
import { knownTakenSeats } from "~/models/seat-memory.server";
import { seatSelectionSchema } from "~/schemas/booking";
import { isValidDay } from "~/utils/dates";
import { sendRefusal } from "./refusal-page";
import { waitedForTurnMs } from "./request-turns";

// A post that waited this long for its turn finds the site behind: a crowd is posting (decision 35).
export const LATE_TURN_MS = 50;

/** The bytes of a small URL-encoded form, or null when the post is not one. */
async function smallForm(req: Request) {
  const length = Number(req.get("Content-Length"));
  if (!URL_ENCODED.test(req.get("Content-Type") ?? "") || !(length > 0 && length <= MAX_FORM_BYTES)) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A seat form posted without JavaScript (to the seat page's own address, not Remix's `.data` one) that waited for
 * its turn while a crowd posts, for seats a read of the last second found taken, is answered here with a short page
 * that names them and links back to the seat map with the customer's other seats ticked: Remix would draw the
 * whole seat page, which costs the site three times as much CPU. Any other post goes on to Remix with its body (as
 * `req.body`). Like a sold-out refusal, this one reads no session and writes nothing.
 */
export function answerKnownTakenSeatsWhenLate(req: Request, res: Response, next: NextFunction) {
  answerIfKnownTaken(req, res, next).catch(next);
}

async function answerIfKnownTaken(req: Request, res: Response, next: NextFunction) {
  const { id: movieId = "", date: day = "" } = req.params;
  const late = waitedForTurnMs(req) >= LATE_TURN_MS;
  if (!late || !isValidDay(day) || !hasSessionCookie(req.get("Cookie"))) return next();
  let body: Buffer | null;
  try {
    body = await smallForm(req);
  } catch {
    // The body never came whole: the client has gone, and there is no one to answer.
    return res.destroy();
  }
  if (!body) return next();
  const form = checkedFormValues(body.toString("utf8"), seatSelectionSchema);
  const ask = form && seatAsk(form, movieId, day);
  const taken = ask && knownTakenSeats(ask);
  if (!ask || !taken) {
    req.body = body;
    return next();
  }
  const { status, message } = bookingFailure({ reason: "seats-taken", seats: taken });
  const stillFree = ask.seats.filter((seat) => !taken.includes(seat));
  const seatMap = seatPageUrl(movieId, day, ask.showId, stillFree);
  sendRefusal(res, { status, title: "Seats taken", message, next: [{ to: seatMap, label: "Choose other seats" }] });
}
