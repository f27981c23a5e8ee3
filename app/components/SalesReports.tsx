import { CHANNEL_LABELS, type ComparedDay, type SalesReport } from "~/domain/reports";
import { reportCsvPath, type ReportFile, type ReportPeriod } from "~/schemas/report-period";
import { formatMoney } from "~/utils/money";
import { formatLocalDay, formatShowTime } from "~/utils/show-display";
import { BarChart } from "./charts/BarChart";
import { HeatMap } from "./charts/HeatMap";
import { LineChart } from "./charts/LineChart";

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** Revenue per day beside the period before, as the dashboard and the reports page draw it. */
export function RevenueChart({ days, currency }: { days: ComparedDay[]; currency: string }) {
  return (
    <LineChart
      title="Revenue per day"
      xLabel="Day"
      points={days.map((d) => formatLocalDay(d.day))}
      yLabel={`Revenue (${currency})`}
      format={(cents) => formatMoney(cents, currency)}
      series={[
        { name: "This period", values: days.map((d) => d.current.revenueCents) },
        { name: "The period before", values: days.map((d) => d.previous.revenueCents) },
      ]}
    />
  );
}

function CsvLink({ file, period, what }: { file: ReportFile; period: ReportPeriod; what: string }) {
  return (
    <p>
      <a href={reportCsvPath(file, period)} download>
        Download {what} as CSV
      </a>
    </p>
  );
}

type Props = { report: SalesReport; period: ReportPeriod; currency: string; timeZone: string };

/**
 * The reports page's sections: each a chart with its table, or a table, and its CSV file. Drawn outside Remix's router
 * (`salesReportsHtml`), so its links are plain.
 */
export function SalesReports({ report, period, currency, timeZone }: Props) {
  const money = (cents: number) => formatMoney(cents, currency);
  const heatMapHours = [...new Set(report.heatMaps.flatMap((hall) => hall.cells.map((cell) => cell.hour)))].sort(
    (a, b) => a - b,
  );
  return (
    <>
      <section aria-labelledby="report-days" className="report">
        <h2 id="report-days">Revenue and tickets</h2>
        <RevenueChart days={report.days} currency={currency} />
        <LineChart
          title="Tickets per day"
          xLabel="Day"
          points={report.days.map((d) => formatLocalDay(d.day))}
          yLabel="Tickets"
          format={(count) => String(count)}
          series={[
            { name: "This period", values: report.days.map((d) => d.current.tickets) },
            { name: "The period before", values: report.days.map((d) => d.previous.tickets) },
          ]}
        />
        <CsvLink file="days" period={period} what="revenue and tickets per day" />
      </section>
      <section aria-labelledby="report-films" className="report">
        <h2 id="report-films">Films</h2>
        {report.films.length === 0 ? (
          <p className="empty-note">No screenings in this period.</p>
        ) : (
          <BarChart
            title="Films by revenue"
            yLabel="Film"
            names={report.films.map((film) => film.title)}
            xLabel={`Revenue (${currency})`}
            values={report.films.map((film) => film.revenueCents)}
            format={money}
            extra={[
              { header: "Screenings", cells: report.films.map((film) => String(film.screenings)) },
              { header: "Seats sold", cells: report.films.map((film) => String(film.seatsSold)) },
              {
                header: "Average occupancy",
                cells: report.films.map((film) => percent(film.averageOccupancy)),
              },
            ]}
          />
        )}
        <CsvLink file="films" period={period} what="films" />
      </section>
      <section aria-labelledby="report-hours" className="report">
        <h2 id="report-hours">Occupancy by day and hour</h2>
        {report.heatMaps.length === 0 ? (
          <p className="empty-note">No screenings in this period.</p>
        ) : (
          <>
            <p className="admin-note">
              Each hall&apos;s screenings by the day and hour they started, and the share of its seats sold: the mean
              over the screenings of that hour.
            </p>
            {report.heatMaps.map((hall) => (
              <HeatMap
                key={hall.hallName}
                title={`Occupancy by day and hour: ${hall.hallName}`}
                hours={heatMapHours}
                cells={hall.cells}
              />
            ))}
          </>
        )}
        <CsvLink file="heat-map" period={period} what="occupancy by day and hour" />
      </section>
      <section aria-labelledby="report-tickets" className="report">
        <h2 id="report-tickets">Ticket types and promo codes</h2>
        <div className="table-scroll">
          <table className="staff-table">
            <caption>Tickets by type</caption>
            <thead>
              <tr>
                <th scope="col">Ticket type</th>
                <th scope="col">Tickets</th>
                <th scope="col">Revenue before discounts</th>
              </tr>
            </thead>
            <tbody>
              {report.ticketTypes.map((row) => (
                <tr key={row.typeName}>
                  <th scope="row">{row.typeName}</th>
                  <td>{row.tickets}</td>
                  <td>{money(row.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.ticketTypes.length === 0 ? <p className="empty-note">No tickets sold in this period.</p> : null}
        <CsvLink file="ticket-types" period={period} what="tickets by type" />
        <div className="table-scroll">
          <table className="staff-table">
            <caption>Promo codes used</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Bookings</th>
                <th scope="col">Tickets</th>
                <th scope="col">Discount given</th>
              </tr>
            </thead>
            <tbody>
              {report.promoCodes.map((row) => (
                <tr key={row.code}>
                  <th scope="row">{row.code}</th>
                  <td>{row.bookings}</td>
                  <td>{row.tickets}</td>
                  <td>{money(row.discountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.promoCodes.length === 0 ? (
          <p className="empty-note">No promo code was used in a booking paid in this period.</p>
        ) : null}
        <CsvLink file="promo-codes" period={period} what="promo codes used" />
      </section>
      <section aria-labelledby="report-channels" className="report">
        <h2 id="report-channels">Sales by channel and refunds</h2>
        <div className="table-scroll">
          <table className="staff-table">
            <caption className="visually-hidden">Sales by channel and refunds</caption>
            <thead>
              <tr>
                {["Channel", "Bookings", "Tickets", "Revenue", "Refunds", "Refunded"].map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.channels.map((row) => (
                <tr key={row.channel}>
                  <th scope="row">{CHANNEL_LABELS[row.channel]}</th>
                  <td>{row.bookings}</td>
                  <td>{row.tickets}</td>
                  <td>{money(row.revenueCents)}</td>
                  <td>{row.refunds}</td>
                  <td>{money(row.refundedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.channels.length === 0 ? <p className="empty-note">Nothing sold or refunded in this period.</p> : null}
        <CsvLink file="channels" period={period} what="sales by channel" />
      </section>
      <section aria-labelledby="report-no-shows" className="report">
        <h2 id="report-no-shows">No-shows</h2>
        <p className="admin-note">Paid seats whose ticket was never checked in, of the shows that have started.</p>
        <div className="table-scroll">
          <table className="staff-table">
            <caption className="visually-hidden">No-shows per film</caption>
            <thead>
              <tr>
                <th scope="col">Film</th>
                <th scope="col">Paid seats</th>
                <th scope="col">No-shows</th>
              </tr>
            </thead>
            <tbody>
              {report.noShowsByFilm.map((film) => (
                <tr key={film.title}>
                  <th scope="row">{film.title}</th>
                  <td>{film.paidSeats}</td>
                  <td>{film.noShowSeats}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.noShowsByShow.length > 0 ? (
          <>
            <h3>Shows with the most no-shows</h3>
            <ul>
              {report.noShowsByShow.map((show) => (
                <li key={show.showId}>
                  {show.title}, {formatShowTime(show.startsAt, timeZone)}, {show.hallName}: {show.noShowSeats} of{" "}
                  {show.paidSeats} paid seats not checked in
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <CsvLink file="no-shows" period={period} what="no-shows" />
      </section>
      <p>
        <a href="/admin/schedule">Open the schedule</a>
      </p>
    </>
  );
}
