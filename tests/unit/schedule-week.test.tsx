import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineChart } from "~/components/charts/LineChart";
import { readScheduleWeek } from "~/models/schedule-week.server";
import { mondayOf } from "~/schemas/schedule-week";
import { addDays } from "~/utils/dates";
import { addBooking, addHall, addMovie, addShow, addUser } from "./fixtures";

describe("the schedule's week", () => {
  it("places each show by its film and cleaning, with its occupancy, and the free slots of 30 minutes or more", async () => {
    await addMovie("week-film", { title: "Week Film", runtime: 100 });
    const hallId = await addHall("A 1 2 3 4", { name: "Week Hall" });
    // A Wednesday next year, in UTC (the unit tests' zone): 10:00 and 12:10 (35 minutes after the first frees it).
    const monday = mondayOf(addDays(new Date().toISOString().slice(0, 10), 200));
    const wednesday = addDays(monday, 2);
    const first = await addShow("week-film", `${wednesday}T10:00:00Z`, { hallId });
    const second = await addShow("week-film", `${wednesday}T12:10:00Z`, { hallId });
    await addBooking(await addUser(), first, ["A1", "A2"]);
    await addBooking(await addUser(), first, ["A3"], { status: "pending" });

    const week = await readScheduleWeek(monday);
    expect(week.days.map((day) => day.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(monday, n)));
    const row = week.days[2].halls.find((hall) => hall.hallName === "Week Hall")!;
    expect(row.slots).toEqual([
      expect.objectContaining({ kind: "show", id: first, from: 600, filmEnds: 700, to: 715, sold: 2, capacity: 4 }),
      // 11:55 to 12:10 is 15 minutes: no slot for a show.
      expect.objectContaining({ kind: "show", id: second, from: 730, filmEnds: 830, to: 845, sold: 0, capacity: 4 }),
      { kind: "free", from: 845, to: week.closes },
    ]);
    const empty = week.days[3].halls.find((hall) => hall.hallName === "Week Hall")!;
    expect(empty.slots).toEqual([{ kind: "free", from: week.opens, to: week.closes }]);
  });
});

describe("a line chart", () => {
  it("has a title, axes with their units, told-apart series, and the same numbers as a table", () => {
    const html = renderToStaticMarkup(
      <LineChart
        title="Tickets per day"
        xLabel="Day"
        points={["Mon", "Tue"]}
        yLabel="Tickets"
        format={(n) => String(n)}
        series={[
          { name: "This period", values: [3, 5] },
          { name: "The period before", values: [4, 0] },
        ]}
      />,
    );
    expect(html).toContain("<title");
    expect(html).toContain("Tickets per day: This period and The period before");
    expect(html).toContain("Solid line, round marks: This period");
    expect(html).toContain("Tickets per day as a table");
    expect(html).toMatch(/<th scope="row">Tue<\/th><td>5<\/td><td>0<\/td>/);
    // Each series' marks are one path: a round mark per point in the first, a square one in the second.
    const marks = [...html.matchAll(/class="chart-marks" d="([^"]*)"/g)].map((match) => match[1]);
    expect(marks).toHaveLength(2);
    expect(marks[0].match(/a3,3 0 1,0 6,0a3,3 0 1,0 -6,0/g)).toHaveLength(2);
    expect(marks[1].match(/h6v6h-6z/g)).toHaveLength(2);
  });
});
