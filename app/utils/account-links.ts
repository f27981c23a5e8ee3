/** A link to an account page (/login, /register, /sign-in-link) that brings the person back to `redirectTo` afterwards. */
export function accountPageLink(page: "/login" | "/register" | "/sign-in-link", redirectTo: string) {
  return redirectTo === "/" ? page : `${page}?${new URLSearchParams({ redirectTo })}`;
}
