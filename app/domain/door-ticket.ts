import type { Certificate } from "./age-ratings";
import type { BookingStatus } from "./booking";
import type { Discount, Ticket } from "./tickets";

/** What the door sees of an e-ticket's booking. */
export type DoorTicket = {
  bookingId: string;
  title: string;
  /** The film's certificate, so the door knows whom to ask for ID; null for a film not rated. */
  certificate: Certificate | null;
  hallName: string;
  posterPath: string;
  startsAt: string;
  /** When the door starts letting this show's tickets in: CHECK_IN_OPENS_MINUTES before it starts. */
  opensAt: string;
  /** When the show ends (its start and the film's runtime); the door lets no one in after. */
  endsAt: string;
  seats: string[];
  /** What each seat was sold as, so the door can ask a child's age. */
  tickets: Ticket[];
  discount: Discount | null;
  customerName: string;
  amountCents: number;
  status: BookingStatus;
  checkIn: { at: string; staffName: string } | null;
};
