import { scaleBand, scaleQuantize } from "d3-scale";
import { Fragment, useId } from "react";
import { WEEKDAY_NAMES, type HeatCell } from "~/domain/reports";
import { formatLocalClock } from "~/utils/show-display";
import { CHART, ChartTable, px } from "./ChartTable";
import { HEAT_SHADES } from "./heat-shades";

type Props = {
  title: string;
  /** The hours across (0 to 23, the cinema's), the same for every hall so that maps compare. */
  hours: number[];
  cells: HeatCell[];
};

/** An hour as the site writes a time: 19 -> "7:00 PM". */
export const hourLabel = (hour: number) => formatLocalClock(`2000-01-01T${String(hour).padStart(2, "0")}:00`, "UTC");

const percent = (share: number) => `${Math.round(share * 100)}%`;
const showsCount = (count: number) => (count === 1 ? "1 show" : `${count} shows`);

const ROW = 30;
const LEFT = 40;

/**
 * Occupancy by weekday (down) and the hour shows started (across), drawn on the server as SVG: each cell shaded by
 * its share of seats sold and printed with it, so the figure reads without the colour; the numbers again as a table.
 */
export function HeatMap({ title, hours, cells }: Props) {
  const titleId = useId();
  const height = CHART.top + 18 + WEEKDAY_NAMES.length * ROW + CHART.bottom;
  const x = scaleBand<number>()
    .domain(hours)
    .range([LEFT, CHART.width - CHART.right])
    .paddingInner(0.06);
  const y = scaleBand<number>()
    .domain(WEEKDAY_NAMES.map((_, index) => index + 1))
    .range([CHART.top + 18, height - CHART.bottom])
    .paddingInner(0.06);
  const shade = scaleQuantize<number>()
    .domain([0, 1])
    .range(HEAT_SHADES.map((_, index) => index));
  const [cellWidth, cellHeight] = [px(x.bandwidth()), px(y.bandwidth())];
  const shaded = HEAT_SHADES.map((colours, index) => ({
    ...colours,
    cells: cells.filter((cell) => shade(cell.occupancy) === index),
  })).filter((inShade) => inShade.cells.length > 0);
  const every = Math.ceil(hours.length / 12);
  const cellAt = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${height}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${title}; the numbers are in the table below.`}</title>
        <text className="chart-axis-label" x={4} y={CHART.top}>
          Day
        </text>
        {hours.map((hour, index) =>
          index % every === 0 ? (
            <text
              key={hour}
              className="chart-tick"
              x={px(x(hour)! + x.bandwidth() / 2)}
              y={CHART.top + 12}
              textAnchor="middle"
            >
              {hourLabel(hour).replace(":00", "")}
            </text>
          ) : null,
        )}
        {WEEKDAY_NAMES.map((name, index) => (
          <text key={name} className="chart-tick" x={4} y={px(y(index + 1)! + y.bandwidth() / 2)} dy="0.32em">
            {name.slice(0, 3)}
          </text>
        ))}
        {/* A path of every cell of a shade and a group of their figures: a few elements a map, not three a cell. */}
        {shaded.map(({ fill, text, cells: inShade }) => (
          <Fragment key={fill}>
            <path
              d={inShade
                .map(
                  (cell) => `M${px(x(cell.hour)!)},${px(y(cell.weekday)!)}h${cellWidth}v${cellHeight}h${-cellWidth}z`,
                )
                .join("")}
              fill={fill}
            />
            <g className="heat-figures" fill={text}>
              {inShade.map((cell) => (
                <text
                  key={`${cell.weekday}-${cell.hour}`}
                  x={px(x(cell.hour)! + cellWidth / 2)}
                  y={px(y(cell.weekday)! + cellHeight / 2)}
                >
                  {percent(cell.occupancy)}
                </text>
              ))}
            </g>
          </Fragment>
        ))}
        <text className="chart-axis-label" x={(LEFT + CHART.width) / 2} y={height - 4} textAnchor="middle">
          Hour the show starts; each cell: share of seats sold (%)
        </text>
      </svg>
      <ChartTable
        caption={title}
        headers={["Day", ...hours.map(hourLabel)]}
        rows={WEEKDAY_NAMES.map((name, index) => [
          name,
          ...hours.map((hour) => {
            const cell = cellAt(index + 1, hour);
            return cell ? `${percent(cell.occupancy)} (${showsCount(cell.screenings)})` : "No show";
          }),
        ])}
      />
    </figure>
  );
}
