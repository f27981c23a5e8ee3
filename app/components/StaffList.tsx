import { Form, Link } from "@remix-run/react";
import type { SortDirection } from "~/schemas/list-query";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A column header that sorts the list by its column; a second click turns the order round. */
export function SortHeader<Sort extends string>(props: {
  label: string;
  column: Sort;
  sort: Sort;
  dir: SortDirection;
  link: (sort: Sort, dir: SortDirection) => string;
}) {
  const { label, column, sort, dir, link } = props;
  const active = column === sort;
  return (
    <th scope="col" aria-sort={active ? ARIA_SORT[dir] : undefined}>
      <Link to={link(column, active && dir === "asc" ? "desc" : "asc")} className="sort-link">
        {label}
        <span aria-hidden="true">{active ? (dir === "asc" ? " ▲" : " ▼") : ""}</span>
      </Link>
    </th>
  );
}

/** Links that choose which rows a list shows (each option's value and label, in order); the current one is marked. */
export function FilterLinks<Value extends string>(props: {
  label: string;
  options: Record<Value, string>;
  current: Value;
  link: (value: Value) => string;
}) {
  const { label, options, current, link } = props;
  return (
    <nav aria-label={label}>
      <ul className="filter-links">
        {(Object.entries(options) as [Value, string][]).map(([value, text]) => (
          <li key={value}>
            <Link to={link(value)} aria-current={value === current ? "true" : undefined}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous and next page links, and where the list is. */
export function Pager({ page, pageCount, link }: { page: number; pageCount: number; link: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="pager">
      {page > 1 ? <Link to={link(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link to={link(page + 1)}>Next</Link> : null}
    </nav>
  );
}

/** A form to jump to a page of a long list; the list's other state (all but its page) rides along hidden. */
export function PageJump({ state, pageCount }: { state: Record<string, string | number>; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <Form method="get" className="filters page-jump" aria-label="Go to page">
      {Object.entries(state)
        .filter(([name]) => name !== "page")
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <div className="field">
        <label htmlFor="page-jump">Page (1 to {pageCount})</label>
        <input id="page-jump" name="page" type="number" min={1} max={pageCount} required inputMode="numeric" />
      </div>
      <button type="submit" className="button button-ghost">
        Go to page
      </button>
    </Form>
  );
}

/** A wide table that scrolls sideways on a narrow screen instead of widening the page. */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

type StaffListProps = {
  rows: number;
  /** What the page says when there are no rows: "No Shows Found". */
  empty: string;
  /** The line above the table: how many rows there are, and what can be done with them. */
  count: React.ReactNode;
  label: string;
  head: React.ReactNode;
  children: React.ReactNode;
  page: number;
  pageCount: number;
  link: (page: number) => string;
};

/** A staff list: its table (or its empty state), the count above it and the pager below. */
export function StaffList({ rows, empty, count, label, head, children, page, pageCount, link }: StaffListProps) {
  return (
    <>
      {rows === 0 ? (
        <div className="empty-state">
          <h2>{empty}</h2>
        </div>
      ) : (
        <>
          <p className="count">{count}</p>
          <TableScroll label={label}>
            <table className="staff-table">
              <thead>{head}</thead>
              <tbody>{children}</tbody>
            </table>
          </TableScroll>
        </>
      )}
      <Pager page={page} pageCount={pageCount} link={link} />
    </>
  );
}
