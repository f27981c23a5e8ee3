/** A link to /login or /register that brings the person back to `redirectTo` afterwards. */
export function accountPageLink(page: "/login" | "/register", redirectTo: string) {
  return redirectTo === "/" ? page : `${page}?${new URLSearchParams({ redirectTo })}`;
}
