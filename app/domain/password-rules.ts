// Apart from the schema (app/schemas/register.ts), so the pages that show the rules do not load zod in the browser.

export const NEW_PASSWORD_MIN_LENGTH = 8;

/** The rules of a new password, shown beside its field before anything is typed. */
export const NEW_PASSWORD_RULES = `At least ${NEW_PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`;
