import { Link } from "@remix-run/react";
import { scaleLinear } from "d3-scale";
import type { CSSProperties } from "react";
import type { HallDayRow, ScheduleDay, ScheduledShow, ScheduleWeek } from "~/domain/schedule";
import { listedShowPath } from "~/schemas/show-list";
import { formatLocalClock, formatLocalDay } from "~/utils/show-display";

/** Minutes from a day's midnight on the wall clock, as the site writes a time: 1170 -> "7:30 PM". */
function clockOf(minutes: number) {
  const wrapped = minutes % (24 * 60);
  const hh = String(Math.floor(wrapped / 60)).padStart(2, "0");
  const mm = String(wrapped % 60).padStart(2, "0");
  return formatLocalClock(`2000-01-01T${hh}:${mm}`, "UTC");
}

const percent = (share: number) => Math.round(share * 100);

type Props = { week: ScheduleWeek; selectedHallId: string };

/**
 * The week's timeline: for each day, the halls down and the hours across, each show a block as long as its film and
 * the cleaning after it (the cleaning shaded) linking to the show in List Shows, and the free slots between them.
 * Drawn on the server with percentages; on a phone only the selected hall's rows are shown.
 */
export function ScheduleTimeline({ week, selectedHallId }: Props) {
  const x = scaleLinear().domain([week.opens, week.closes]).range([0, 100]);
  const hours = x.ticks(Math.min(12, (week.closes - week.opens) / 60)).filter((tick) => tick % 60 === 0);
  return (
    <div className="timeline">
      {week.days.map((day) => (
        <TimelineDay key={day.day} day={day} x={x} hours={hours} selectedHallId={selectedHallId} />
      ))}
    </div>
  );
}

type DayProps = { day: ScheduleDay; x: (minutes: number) => number; hours: number[]; selectedHallId: string };

function TimelineDay({ day, x, hours, selectedHallId }: DayProps) {
  const headingId = `day-${day.day}`;
  return (
    <section className="timeline-day" aria-labelledby={headingId}>
      <h2 id={headingId}>{formatLocalDay(day.day)}</h2>
      <div className="timeline-hours" aria-hidden="true">
        {hours.map((hour) => (
          <span key={hour} style={{ "--at": `${x(hour)}%` } as CSSProperties}>
            {clockOf(hour)}
          </span>
        ))}
      </div>
      <ul className="timeline-halls">
        {day.halls.map((row) => (
          <HallRow key={row.hallId} row={row} day={day.day} x={x} selected={row.hallId === selectedHallId} />
        ))}
      </ul>
    </section>
  );
}

type RowProps = { row: HallDayRow; day: string; x: (minutes: number) => number; selected: boolean };

function HallRow({ row, day, x, selected }: RowProps) {
  const place = (from: number, to: number) => ({ "--from": `${x(from)}%`, "--length": `${x(to) - x(from)}%` });
  return (
    <li className={selected ? "timeline-row selected-hall" : "timeline-row"}>
      <h3>{row.hallName}</h3>
      <ul className="timeline-track" aria-label={`${row.hallName} on ${formatLocalDay(day)}`}>
        {row.slots.map((slot) =>
          slot.kind === "free" ? (
            <li key={`free-${slot.from}`} className="timeline-free" style={place(slot.from, slot.to) as CSSProperties}>
              Free {clockOf(slot.from)} to {clockOf(slot.to)}
            </li>
          ) : (
            <li
              key={slot.id}
              className="timeline-show"
              style={
                {
                  ...place(slot.from, slot.to),
                  "--film": `${percent((slot.filmEnds - slot.from) / (slot.to - slot.from))}%`,
                } as CSSProperties
              }
            >
              <ShowBlock show={slot} day={day} />
            </li>
          ),
        )}
      </ul>
    </li>
  );
}

function ShowBlock({ show, day }: { show: ScheduledShow; day: string }) {
  const occupancy = show.capacity === 0 ? 0 : percent(show.sold / show.capacity);
  return (
    <Link to={listedShowPath({ id: show.id, movieId: show.movieId, day })}>
      <strong>{show.title}</strong>{" "}
      <span>
        {clockOf(show.from)} to {clockOf(show.filmEnds)}, cleaned by {clockOf(show.to)}
      </span>{" "}
      <span>
        {show.sold} / {show.capacity} sold ({occupancy}%)
      </span>
    </Link>
  );
}
