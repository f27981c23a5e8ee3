import { scaleBand, scaleLinear } from "d3-scale";
import { useId } from "react";
import { CHART, ChartTable, px } from "./ChartTable";

type Props = {
  title: string;
  /** The bars' axis label and each bar's name ("Film", ["Dune", ...]). */
  yLabel: string;
  names: string[];
  /** The value axis's label with its unit, each bar's value and how one is written. */
  xLabel: string;
  values: number[];
  format: (value: number) => string;
  /** More columns for the table, beside the charted one. */
  extra?: { header: string; cells: string[] }[];
};

const BAR_ROW = 28;

/** A horizontal bar chart drawn on the server as SVG, each bar labelled with its value, and its numbers as a table. */
export function BarChart({ title, yLabel, names, xLabel, values, format, extra = [] }: Props) {
  const titleId = useId();
  const height = CHART.top + names.length * BAR_ROW + CHART.bottom;
  const left = 160;
  const y = scaleBand<number>()
    .domain(names.map((_, index) => index))
    .range([CHART.top, height - CHART.bottom])
    .padding(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .nice(4)
    .range([left, CHART.width - CHART.right - 56]);
  const clip = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${height}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${title}; the numbers are in the table below.`}</title>
        {/* Values are whole cents or tickets: a tick between two would print the same figure twice. */}
        {x
          .ticks(4)
          .filter(Number.isInteger)
          .map((tick) => (
            <g key={tick} className="chart-tick">
              <line x1={px(x(tick))} x2={px(x(tick))} y1={CHART.top} y2={height - CHART.bottom} />
              <text x={px(x(tick))} y={height - CHART.bottom + 16} textAnchor="middle">
                {format(tick)}
              </text>
            </g>
          ))}
        <text className="chart-axis-label" x={(left + CHART.width) / 2} y={height - 4} textAnchor="middle">
          {xLabel}
        </text>
        <text className="chart-axis-label" x={4} y={CHART.top - 2}>
          {yLabel}
        </text>
        {names.map((name, index) => {
          const middle = px(y(index)! + y.bandwidth() / 2);
          return (
            <g key={`${name}-${index}`} className="chart-series chart-series-1">
              <text className="chart-tick" x={left - 6} y={middle} dy="0.32em" textAnchor="end">
                {clip(name)}
              </text>
              <rect
                x={left}
                y={px(y(index)!)}
                width={px(Math.max(0, x(values[index]) - left))}
                height={px(y.bandwidth())}
              />
              <text className="chart-value" x={px(x(values[index]) + 4)} y={middle} dy="0.32em">
                {format(values[index])}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={title}
        headers={[yLabel, xLabel, ...extra.map((column) => column.header)]}
        rows={names.map((name, index) => [name, format(values[index]), ...extra.map((column) => column.cells[index])])}
      />
    </figure>
  );
}
