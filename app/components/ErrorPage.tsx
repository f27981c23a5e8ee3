/** A page that says what went wrong and leads home; also what our server answers before the app runs. */
export function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{message}</p>
      <a href="/" className="button">
        Back to home
      </a>
    </section>
  );
}
