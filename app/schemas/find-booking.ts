import { z } from "zod";
import { emailField } from "./fields";

export const BOOKING_ID_REQUIRED = "Booking ID is required";
export const BOOKING_ID_INVALID =
  "Enter the 8 letters and digits of the Booking ID in your booking's mail, such as 3F2A9C1B.";

/** Asking for a booking's link by the email it was made with and its Booking ID (the first 8 characters of its id). */
export const findBookingSchema = z.object({
  email: emailField,
  reference: z
    .string({ required_error: BOOKING_ID_REQUIRED, invalid_type_error: BOOKING_ID_REQUIRED })
    // As people copy it: with spaces or a dash, in either case.
    .transform((typed) => typed.replace(/[\s-]/g, "").toUpperCase())
    .pipe(
      z
        .string()
        .min(1, BOOKING_ID_REQUIRED)
        .refine((reference) => reference === "" || /^[0-9A-F]{8}$/.test(reference), BOOKING_ID_INVALID),
    )
    .describe("Booking ID"),
});
