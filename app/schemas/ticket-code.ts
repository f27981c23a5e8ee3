import { z } from "zod";
import { withoutControlCharacters } from "./fields";

const MAX_CODE_LENGTH = 200;

/**
 * The Check In page's typed code, from the URL: an e-ticket's signed code, or a booking's short reference (see
 * shortReferenceOf) that staff type from a customer's screen. Staff may paste the whole link an e-ticket's QR code carries; the
 * code is what follows /admin/check-in/. Anything longer than a code could be is cut, to be refused as not valid.
 */
export const ticketCodeSchema = z.object({
  code: z
    .string()
    .catch("")
    .transform((typed) =>
      withoutControlCharacters(typed)
        .trim()
        .replace(/^.*\/admin\/check-in\//, "")
        .slice(0, MAX_CODE_LENGTH),
    ),
});
