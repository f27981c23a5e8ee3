import type { Booking } from "~/domain/booking";
import { companionSeatMessage, strandedSeatMessage, unknownSeatMessage } from "~/domain/booking-steps";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import type { BookingFailure } from "~/models/seat-booking.server";
import { describeMinutes } from "~/utils/format";

/** What the seat page says, next to Proceed, and with which status, when a booking is refused. */
export function bookingFailure(failure: BookingFailure): { status: number; message: string } {
  switch (failure.reason) {
    case "show-unavailable":
      return { status: 400, message: "That show time is not available. Please choose another time." };
    case "show-started":
      return { status: 409, message: "That show has already started. Please choose another time." };
    case "seats-taken":
      return {
        status: 409,
        message: `Sorry, seat(s) ${failure.seats.join(", ")} were just taken. Please choose again.`,
      };
    case "sold-out":
      return { status: 409, message: "Sorry, this show is sold out." };
    case "seat-unknown":
      return { status: 400, message: unknownSeatMessage(failure.seats) };
    case "stranded-seat":
      return { status: 400, message: strandedSeatMessage(failure.seats) };
    case "companion-seat":
      return {
        status: 400,
        message: companionSeatMessage(failure.seats, describeMinutes(failure.releaseMinutes)),
      };
    case "too-many-held-seats":
      return {
        status: 409,
        message: `You already hold ${failure.held} seats for this show. You can hold at most ${MAX_SEATS_PER_BOOKING} seats of a show until you pay.`,
      };
    case "too-many-unpaid":
      return {
        status: 409,
        message: `You have ${failure.unpaid} unpaid bookings. Please pay for or cancel one before booking more.`,
      };
  }
}

/** What a seat form posted again is told when the booking it made is no longer held. */
export function repeatedBookingMessage(booking: Pick<Booking, "status" | "seats">) {
  const seats = booking.seats.join(", ");
  return booking.status === "cancelled"
    ? `You cancelled the booking of seat(s) ${seats} that this form made. Please choose your seats again.`
    : `Your hold on seat(s) ${seats} has run out. Please choose your seats again.`;
}
