import type { ReactNode } from "react";

/** Terms and their values, such as a booking's tickets and seats, as a description list. */
export function Facts({ facts, className }: { facts: [term: string, value: ReactNode][]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
