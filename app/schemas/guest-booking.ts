import { seatSelectionSchema } from "./booking";
import { emailField } from "./fields";
import { fullNameField } from "./register";

/**
 * Booking as a guest (decision 46): the seat page's choice, carried along, with a name and the email the tickets are
 * mailed to instead of an account.
 */
export const guestBookingSchema = seatSelectionSchema.extend({ fullName: fullNameField, email: emailField });
