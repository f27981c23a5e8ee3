/**
 * A film's age rating as a small badge that reads "Certificate 15" (not "Rated", which the stars beside it say);
 * `description` says what it means, where there is room.
 */
export function CertificateBadge({ code, description }: { code: string | null; description?: string | null }) {
  if (code === null) return null;
  return (
    <span className="certificate-rating">
      <span className="certificate">
        <span className="visually-hidden">Certificate </span>
        {code}
      </span>
      {description ? <span className="certificate-description">{description}</span> : null}
    </span>
  );
}
