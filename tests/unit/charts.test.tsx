import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "~/components/charts/BarChart";
import { LineChart } from "~/components/charts/LineChart";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** The figures written on a chart's value axis, in the order drawn. */
const axisFigures = (markup: string) =>
  [...markup.matchAll(/<g class="chart-tick">.*?<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

describe("the charts' value axes", () => {
  it("write each figure once when nothing sold, never a fraction of a cent", () => {
    const line = renderToStaticMarkup(
      <LineChart
        title="Revenue per day"
        xLabel="Day"
        points={["Dec 1", "Dec 2"]}
        yLabel="Revenue (USD)"
        format={dollars}
        series={[{ name: "This period", values: [0, 0] }]}
      />,
    );
    expect(axisFigures(line)).toEqual(["$0.00", "$0.01"]);
    const bars = renderToStaticMarkup(
      <BarChart
        title="Films"
        yLabel="Film"
        names={["Quiet Film"]}
        xLabel="Revenue (USD)"
        values={[0]}
        format={dollars}
      />,
    );
    expect(axisFigures(bars)).toEqual(["$0.00", "$0.01"]);
  });

  it("keep round figures for real sales", () => {
    const line = renderToStaticMarkup(
      <LineChart
        title="Tickets per day"
        xLabel="Day"
        points={["Dec 1", "Dec 2"]}
        yLabel="Tickets"
        format={String}
        series={[{ name: "This period", values: [3, 38] }]}
      />,
    );
    expect(axisFigures(line)).toEqual(["0", "10", "20", "30", "40"]);
  });
});
