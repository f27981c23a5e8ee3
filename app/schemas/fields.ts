import { z } from "zod";

// The product's validation messages, shared by the sign-in and register forms.
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Invalid email address";
export const PASSWORD_REQUIRED = "Password is required";
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 128;

// One mailbox as RFC 5321 writes it, with the letters of any language RFC 6531 allows: at most 254 characters, a
// dot-atom local part of at most 64, and a domain of at least two labels. Nothing a mail program reads as a list, a
// group, a display name or a comment (commas, semicolons, colons, angle brackets, quotes, parentheses, spaces) can
// pass, so a mail never goes to another inbox than the one typed.
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?";
const MAILBOX_PATTERN = new RegExp(
  `^(?=.{1,${MAX_EMAIL_LENGTH}}$)(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`,
  "u",
);

/** Whether `address` is exactly one mailbox (what every email field accepts). */
export const isSingleMailbox = (address: string) => MAILBOX_PATTERN.test(address);

// C0 and C1 control characters and DEL (\p{Cc}): none belongs in a field of ours, all of which are one line, and
// PostgreSQL cannot even store a NUL. Posted forms are refused for one (app/http/forms.server.ts); URLs drop them.
export const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value);
export const withoutControlCharacters = (value: string) => value.replace(/\p{Cc}/gu, "");

// The one kind of field that may hold line breaks: a text area (the hall editor's layout). Any other control
// character is refused there too.
const multiLineFields = new WeakSet<z.ZodTypeAny>();
/** Marks a field (its outermost schema, after `.describe`) as a text area. */
export function multiLine<T extends z.ZodTypeAny>(field: T): T {
  multiLineFields.add(field);
  return field;
}
export const isMultiLine = (field: z.ZodTypeAny) => multiLineFields.has(field);
export const hasControlCharacterBesidesLineBreaks = (value: string) =>
  hasControlCharacter(value.replace(/\r\n|\n|\r/g, ""));

export const emailField = z
  .string({ required_error: EMAIL_REQUIRED, invalid_type_error: EMAIL_INVALID })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .regex(MAILBOX_PATTERN, EMAIL_INVALID)
  .transform((email) => email.toLowerCase())
  .describe("Email");

export function passwordField(minLength: number, tooShort: string) {
  return z
    .string({ required_error: PASSWORD_REQUIRED, invalid_type_error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .min(minLength, tooShort)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .describe("Password");
}

export const LINK_INCOMPLETE = "This link is not complete. Please ask for a new one.";

/** The one-time code of a link from a mail (a password reset, a sign-in), carried by its page's form. */
export const linkCodeField = z
  .string({ required_error: LINK_INCOMPLETE, invalid_type_error: LINK_INCOMPLETE })
  .min(1, LINK_INCOMPLETE)
  .max(1000, LINK_INCOMPLETE)
  .describe("Link code");

/** The page to return to after signing in; checked again with safeRedirect where it is used. */
export const redirectToField = z.string().max(2000).optional().catch(undefined).describe("Page to return to");

/** A search typed into a filter, from the URL. */
export function searchField(maxLength: number) {
  return z
    .string()
    .catch("")
    .transform((s) => withoutControlCharacters(s).trim().slice(0, maxLength));
}

/** A page number from the URL: anything odd is page 1, and no page is past `maxPage`. */
export function pageField(maxPage: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((n) => Math.min(n, maxPage));
}
