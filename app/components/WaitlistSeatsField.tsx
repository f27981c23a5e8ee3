import { WAITLIST_SEAT_COUNTS } from "~/domain/seat-limits";

/** How many seats someone joining a waitlist wants: the seat page's and the movie page's join forms. */
export function WaitlistSeatsField({ id }: { id: string }) {
  return (
    <>
      <label htmlFor={id}>Seats wanted</label>
      <select id={id} name="seatCount" defaultValue="2">
        {WAITLIST_SEAT_COUNTS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </>
  );
}
