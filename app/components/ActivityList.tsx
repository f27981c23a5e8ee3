import type { Activity } from "~/domain/staff";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";

function describe(item: Activity, currency: string) {
  switch (item.kind) {
    case "booked":
      return `${item.customer} booked ${plural(item.seats, "seat")} for ${item.title}`;
    case "paid":
      return `${item.customer} paid ${formatMoney(item.amountCents, currency)} for ${item.title}`;
    case "cancelled":
      return `${item.customer} cancelled a booking for ${item.title}${
        item.refundedCents ? `, refunded ${formatMoney(item.refundedCents, currency)}` : ""
      }`;
    case "shows-added":
      return `${plural(item.shows, "show")} of ${item.title} added`;
  }
}

/** The dashboard's latest bookings, payments, cancellations and new shows, newest first. */
export function ActivityList(props: { activity: Activity[]; currency: string; timeZone: string; labelledBy: string }) {
  const { activity, currency, timeZone, labelledBy } = props;
  if (activity.length === 0) return <p className="empty-note">Nothing has happened yet.</p>;
  return (
    <ol className="admin-activity" aria-labelledby={labelledBy}>
      {activity.map((item, index) => (
        <li key={`${index} ${item.kind}`} className={`admin-activity-${item.kind}`}>
          <p>{describe(item, currency)}</p>
          <time dateTime={item.at}>{formatShowTime(item.at, timeZone)}</time>
        </li>
      ))}
    </ol>
  );
}
