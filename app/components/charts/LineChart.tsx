import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { useId } from "react";
import { CHART, ChartTable, px, type ChartTableProps } from "./ChartTable";

export type LineSeries = { name: string; values: number[] };

type Props = {
  title: string;
  /** The x axis's label and its value at each point ("Day", ["Dec 1", ...]). */
  xLabel: string;
  points: string[];
  /** The y axis's label, with its unit ("Revenue (USD)"), and how a value is written on it and in the table. */
  yLabel: string;
  format: (value: number) => string;
  /** Two series at most: the first drawn solid with round marks, the second dashed with square ones. */
  series: [LineSeries] | [LineSeries, LineSeries];
};

/**
 * A line chart drawn on the server as SVG (d3-scale places, d3-shape draws), with the same numbers as a table in a
 * disclosure that opens without JavaScript. The series differ by line and mark as well as colour.
 */
export function LineChart({ title, xLabel, points, yLabel, format, series }: Props) {
  const titleId = useId();
  const x = scalePoint<string>()
    .domain(points)
    .range([CHART.left, CHART.width - CHART.right])
    .padding(0.2);
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear()
    .domain([0, top])
    .nice(4)
    .range([CHART.height - CHART.bottom, CHART.top]);
  const every = Math.ceil(points.length / 8);
  const path = line<number>()
    .x((_, index) => x(points[index])!)
    .y((value) => y(value))
    .digits(1);
  const mark = [
    (cx: number, cy: number) => `M${px(cx - 3)},${px(cy)}a3,3 0 1,0 6,0a3,3 0 1,0 -6,0`,
    (cx: number, cy: number) => `M${px(cx - 3)},${px(cy - 3)}h6v6h-6z`,
  ];
  const table: ChartTableProps = {
    caption: title,
    headers: [xLabel, ...series.map((s) => `${s.name}, ${yLabel}`)],
    rows: points.map((point, index) => [point, ...series.map((s) => format(s.values[index]))]),
  };
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={titleId}>
        <title
          id={titleId}
        >{`${title}: ${series.map((s) => s.name).join(" and ")}; the numbers are in the table below.`}</title>
        <text
          className="chart-axis-label"
          x={12}
          y={CHART.height / 2}
          transform={`rotate(-90 12 ${CHART.height / 2})`}
          textAnchor="middle"
        >
          {yLabel}
        </text>
        {/* Values are whole cents or tickets: a tick between two would print the same figure twice. */}
        {y
          .ticks(4)
          .filter(Number.isInteger)
          .map((tick) => (
            <g key={tick} className="chart-tick">
              <line x1={CHART.left} x2={CHART.width - CHART.right} y1={px(y(tick))} y2={px(y(tick))} />
              <text x={CHART.left - 6} y={px(y(tick))} dy="0.32em" textAnchor="end">
                {format(tick)}
              </text>
            </g>
          ))}
        {points.map((point, index) =>
          index % every === 0 ? (
            <text
              key={point}
              className="chart-tick"
              x={px(x(point)!)}
              y={CHART.height - CHART.bottom + 16}
              textAnchor="middle"
            >
              {point}
            </text>
          ) : null,
        )}
        <text className="chart-axis-label" x={(CHART.left + CHART.width) / 2} y={CHART.height - 4} textAnchor="middle">
          {xLabel}
        </text>
        {series.map((s, seriesIndex) => (
          <g key={s.name} className={`chart-series chart-series-${seriesIndex + 1}`}>
            <path d={path(s.values) ?? ""} />
            {/* Its marks as one path (a round one per point, or a square): one element a series, not one a point. */}
            <path
              className="chart-marks"
              d={s.values.map((value, index) => mark[seriesIndex](x(points[index])!, y(value))).join("")}
            />
          </g>
        ))}
      </svg>
      <figcaption className="chart-legend">
        {series.map((s, index) => (
          <span key={s.name} className={`chart-key chart-key-${index + 1}`}>
            {index === 0 ? "Solid line, round marks: " : "Dashed line, square marks: "}
            {s.name}
          </span>
        ))}
      </figcaption>
      <ChartTable {...table} />
    </figure>
  );
}
