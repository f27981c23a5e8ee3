import { useFetcher } from "@remix-run/react";

/** Favorite on the movie page: a plain form posting what it wants; with JavaScript it updates in place. */
export function FavouriteButton({ movieId, favourite }: { movieId: string; favourite: boolean }) {
  const fetcher = useFetcher();
  // While the change is on its way, the button already shows what was asked for.
  const asked = fetcher.formData?.get("intent");
  const shown = asked ? asked === "add" : favourite;
  return (
    <fetcher.Form method="post" action={`/movies/${movieId}/favourite`} preventScrollReset>
      <button
        type="submit"
        name="intent"
        value={shown ? "remove" : "add"}
        aria-pressed={shown}
        className="button button-ghost"
      >
        <span aria-hidden="true">{shown ? "♥" : "♡"}</span> {shown ? "Remove from favourites" : "Add to favourites"}
      </button>
    </fetcher.Form>
  );
}
