import { z } from "zod";

export const FAVOURITE_INTENTS = ["add", "remove"] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];
export const FAVOURITE_UNCLEAR = "We could not tell whether to add or remove this favourite. Please try again.";

// The form says what it wants rather than "toggle", so sending it twice (a double click, a resubmission) is
// harmless.
export const favouriteSchema = z.object({
  intent: z.enum(FAVOURITE_INTENTS, { errorMap: () => ({ message: FAVOURITE_UNCLEAR }) }).describe("Favourite"),
});
