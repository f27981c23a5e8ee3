import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Reads the page's data again after every post of it, refused ones too: Remix skips that after a 4xx, yet a refusal
 * (a seat just taken, a hold run out, a card declined) is when the page most needs what is true now.
 */
export const revalidateAfterEveryPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;
