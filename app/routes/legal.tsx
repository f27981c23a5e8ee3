import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta(
  "Legal",
  "Marquee Cinemas' privacy policy, terms of service and cookie policy, in plain words.",
);

export default function Legal() {
  return (
    <article className="section page-top prose">
      <h1>Legal</h1>
      <section id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Privacy Policy</h2>
        <p>
          We keep your name, email address, bookings and favourites to run your account and your tickets. We do not sell
          them or share them with advertisers. Ask us at support@marquee.example to see or delete what we hold about
          you.
        </p>
      </section>
      <section id="terms" aria-labelledby="terms-title">
        <h2 id="terms-title">Terms of Service</h2>
        <p>
          A booking holds the chosen seats for one show. Unpaid bookings are released after a short hold. Tickets are
          for personal use; the cinema may refuse entry to a ticket that was resold.
        </p>
      </section>
      <section id="cookies" aria-labelledby="cookies-title">
        <h2 id="cookies-title">Cookie Policy</h2>
        <p>
          We use only the cookies the site needs: one that keeps you signed in, one that carries a short message to the
          next page, short-lived ones that keep a choice (your email after registering, a film to add to your
          favourites) while you sign in, one that remembers a device you have signed in on, one that lets this browser
          open the bookings you made as a guest (or whose mailed link you opened) until their shows end, and, for staff,
          whether the side menu is open. There are no tracking or advertising cookies.
        </p>
      </section>
    </article>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
