import { renderToStaticMarkup } from "react-dom/server";
import type { SalesReport } from "~/domain/reports";
import type { ReportPeriod } from "~/schemas/report-period";
import { SalesReports } from "./SalesReports";

type Props = { report: SalesReport; period: ReportPeriod; currency: string; timeZone: string };

const drawn = new WeakMap<SalesReport, { settings: string; html: string }>();

/**
 * The reports' sections as HTML, drawn once for each reading (decision 80): every reader of a period is answered the
 * same reading (decision 78), so each is sent the same drawing, and React draws the period's some 3,000 elements
 * once a reading rather than once a page. Its ids are prefixed apart from those of the page around it.
 */
export function salesReportsHtml({ report, ...settings }: Props) {
  const key = JSON.stringify(settings);
  const kept = drawn.get(report);
  if (kept?.settings === key) return kept.html;
  const html = renderToStaticMarkup(<SalesReports report={report} {...settings} />, { identifierPrefix: "report-" });
  drawn.set(report, { settings: key, html });
  return html;
}
