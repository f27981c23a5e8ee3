import { z } from "zod";
import { STAFF_ROLES } from "~/domain/staff-roles";
import { UNKNOWN_BUTTON } from "./add-show";
import { isSingleMailbox } from "./fields";

export const INVITE = "invite";
export const CHANGE_ROLE = "role";
export const REMOVE = "remove";

export const INVITE_EMAIL_REQUIRED = "Please enter the email address to invite";
export const INVITE_EMAIL_NOT_ONE =
  "Please enter one email address, like name@example.com: no names, commas or second addresses";
export const ROLE_REQUIRED = "Please choose a role: Manager, Box office or Door";
export const MEMBER_NOT_FOUND = "That person is no longer on the staff. The list below is up to date.";

/** The Staff page's forms: invite an address with a role, change a member's role, or remove them. */
export const staffFormSchema = z
  .object({
    intent: z.enum([INVITE, CHANGE_ROLE, REMOVE], { errorMap: () => ({ message: UNKNOWN_BUTTON }) }).describe("Button"),
    email: z
      .string()
      .trim()
      .max(254, INVITE_EMAIL_NOT_ONE)
      .optional()
      .refine((email) => !email || isSingleMailbox(email), INVITE_EMAIL_NOT_ONE)
      .transform((email) => email?.toLowerCase())
      .describe("Email"),
    role: z
      .enum(STAFF_ROLES as [string, ...string[]], { errorMap: () => ({ message: ROLE_REQUIRED }) })
      .optional()
      .describe("Role"),
    uid: z.string().min(1, MEMBER_NOT_FOUND).max(128, MEMBER_NOT_FOUND).optional().describe("Staff member"),
  })
  .superRefine((form, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (form.intent === INVITE && !form.email) missing("email", INVITE_EMAIL_REQUIRED);
    if (form.intent !== REMOVE && !form.role) missing("role", ROLE_REQUIRED);
    if (form.intent !== INVITE && !form.uid) missing("uid", MEMBER_NOT_FOUND);
  });
