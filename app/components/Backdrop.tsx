/** A page's backdrop: the first image it shows, so the browser fetches it first (never lazily). */
export function Backdrop({ src, className }: { src: string; className: string }) {
  return <img className={`backdrop ${className}`} src={src} alt="" width={1280} height={720} fetchpriority="high" />;
}
