import { Link } from "@remix-run/react";

const QUICK_LINKS = [
  { label: "Now Showing", to: "/movies" },
  { label: "What's On", to: "/whats-on" },
  { label: "IMAX Screenings", to: "/whats-on?format=IMAX" },
  { label: "Top Rated", to: "/movies?sort=rating" },
  { label: "A to Z", to: "/movies?sort=title" },
];

// The cinema has no accounts of its own yet: the networks' home pages.
const SOCIAL_LINKS = [
  { label: "Facebook", href: "https://www.facebook.com/", mark: "f" },
  { label: "Instagram", href: "https://www.instagram.com/", mark: "◎" },
  { label: "X", href: "https://x.com/", mark: "𝕏" },
  { label: "YouTube", href: "https://www.youtube.com/", mark: "▶" },
];

/** The site's footer; `address` is the cinema's configured one, null on an error page that has no layout data. */
export function Footer({ address }: { address: string | null }) {
  return (
    <footer className="footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="brand">
            Marquee
          </h2>
          <p>Book seats for the latest films in a few taps, on any phone, with or without JavaScript.</p>
          <ul className="social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} aria-label={link.label} rel="noopener noreferrer">
                  {link.mark}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p>
            <Link to="/find-booking">Find my booking</Link>
          </p>
          <address>
            {address ? <p>{address}</p> : null}
            <p>
              <a href="tel:+15550123456">+1 (555) 012-3456</a>
            </p>
            <p>
              <a href="mailto:support@marquee.example">support@marquee.example</a>
            </p>
          </address>
        </section>
      </div>
      <div className="footer-legal">
        <p>© {new Date().getFullYear()} Marquee Cinemas. All rights reserved.</p>
        <ul>
          <li>
            <Link to="/legal#privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/legal#terms">Terms of Service</Link>
          </li>
          <li>
            <Link to="/legal#cookies">Cookie Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
