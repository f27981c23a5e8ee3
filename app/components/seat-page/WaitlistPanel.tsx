import { Form, Link } from "@remix-run/react";
import { WaitlistSeatsField } from "~/components/WaitlistSeatsField";

type Props = {
  /** Where the form posts: the seat page's waitlist address. */
  action: string;
  showId: string;
  /** The customer's place on the waitlist, null when not waiting; undefined for a visitor. */
  place: { position: number; seats: string } | null | undefined;
  /** The sign-in page that comes back here, for a visitor. */
  signInHref: string;
};

/** A sold-out show's waitlist: join it for some seats, see one's place, or leave it. */
export function WaitlistPanel({ action, showId, place, signInHref }: Props) {
  return (
    <section id="waitlist" className="waitlist-panel" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">This show is sold out</h2>
      {place === undefined ? (
        <p>
          <Link to={signInHref} className="text-link">
            Sign in to join the waitlist
          </Link>
          : when seats come free, the first people waiting are emailed and the seats are held for them.
        </p>
      ) : place ? (
        <Form method="post" action={action}>
          <input type="hidden" name="time" value={showId} />
          <p>
            You are number {place.position} on the waitlist, for {place.seats}. We will email you if they come free, and
            hold them for you.
          </p>
          <button type="submit" name="intent" value="leave" className="button button-secondary">
            Leave the waitlist
          </button>
        </Form>
      ) : (
        <Form method="post" action={action} className="waitlist-join">
          <input type="hidden" name="time" value={showId} />
          <p>
            Join the waitlist: when seats come free, the first people waiting are emailed and the seats held for them.
          </p>
          <WaitlistSeatsField id="waitlist-seats" />
          <button type="submit" name="intent" value="join" className="button">
            Join the waitlist
          </button>
        </Form>
      )}
    </section>
  );
}
