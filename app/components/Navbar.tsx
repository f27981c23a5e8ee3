import { Form, Link, NavLink } from "@remix-run/react";
import type { User } from "~/domain/user";
import { useSyncedField } from "~/hooks/use-synced-field";
import { MAX_SEARCH_LENGTH } from "~/schemas/movie-filter-options";

export function Navbar({ user, search }: { user: Pick<User, "name" | "isStaff"> | null; search: string }) {
  const shownSearch = search.trim().slice(0, MAX_SEARCH_LENGTH);
  const searchField = useSyncedField<HTMLInputElement>(shownSearch);
  return (
    <header className="navbar">
      <Link to="/" className="brand" aria-label="Marquee Cinemas home">
        <span aria-hidden="true">▶</span> Marquee
      </Link>
      <nav aria-label="Main">
        <ul className="nav-links">
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/movies">Movies</NavLink>
          </li>
          <li>
            <NavLink to="/whats-on">What&apos;s On</NavLink>
          </li>
          <li>
            <NavLink to="/favourites">Favourites</NavLink>
          </li>
          {user ? (
            <li>
              <NavLink to="/my-bookings">My Bookings</NavLink>
            </li>
          ) : null}
          {user?.isStaff ? (
            <li>
              <NavLink to="/admin">Admin Dashboard</NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <Form method="get" action="/movies" role="search" className="nav-search">
        <label htmlFor="nav-search" className="visually-hidden">
          Search movies
        </label>
        <input
          id="nav-search"
          ref={searchField}
          type="search"
          name="search"
          placeholder="Search movies"
          defaultValue={shownSearch}
          maxLength={MAX_SEARCH_LENGTH}
        />
        <button type="submit" className="icon-button" aria-label="Search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm0-2a8 8 0 1 0 4.9 14.3l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0 0 10 2z"
            />
          </svg>
        </button>
      </Form>
      <div className="nav-account">
        {user ? (
          <Form method="post" action="/logout">
            <button type="submit" className="button button-ghost">
              Logout
            </button>
          </Form>
        ) : (
          <>
            <Link to="/login" className="button button-ghost">
              Login
            </Link>
            <Link to="/register" className="button">
              Register
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
