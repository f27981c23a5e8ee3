/** The drawing area every chart shares, in SVG units; the SVG scales to the width it is given. */
export const CHART = { width: 640, height: 260, top: 12, right: 12, bottom: 40, left: 64 };

/** A position in SVG units to a tenth: finer is invisible on any screen, and every digit is a byte of the page. */
export const px = (value: number) => Math.round(value * 10) / 10;

export type ChartTableProps = { caption: string; headers: string[]; rows: string[][] };

/** A chart's numbers as a table, in a disclosure that opens without JavaScript. */
export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    <details className="chart-table">
      <summary>{`${caption} as a table`}</summary>
      <div className="table-scroll">
        <table className="staff-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest]) => (
              <tr key={first}>
                <th scope="row">{first}</th>
                {rest.map((cell, index) => (
                  <td key={headers[index + 1]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
