import { z } from "zod";
import { linkCodeField } from "./fields";

/** Confirming an address on the page a confirmation mail's link opens. */
export const verifyEmailSchema = z.object({ oobCode: linkCodeField });
