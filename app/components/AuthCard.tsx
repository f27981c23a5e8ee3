import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";

/** The card the sign-in, sign-up and password reset pages sit in, without the site's navbar. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="auth-page" aria-labelledby={id}>
      <div className="auth-card">
        <Link to="/" className="brand auth-brand">
          Marquee
        </Link>
        <h1 id={id}>{title}</h1>
        <p className="auth-intro">{intro}</p>
        {children}
      </div>
    </section>
  );
}
