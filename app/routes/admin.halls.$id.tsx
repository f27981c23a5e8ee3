import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HallForm } from "~/components/HallForm";
import { config } from "~/config.server";
import { listSeats } from "~/domain/booking-steps";
import { layoutText, nextPlaceKind } from "~/domain/hall-layout-text";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { getHall, saveHall } from "~/models/halls.server";
import { hallSchema, PREVIEW, PRICED_TYPES, SEAT } from "~/schemas/hall";
import seatStyles from "~/styles/seats.css";
import { formatAmount } from "~/utils/money";
import { withErrorMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: seatStyles }]);
export const meta = withErrorMeta<typeof loader>(({ data }) => [
  { title: `${data?.hallName ?? "New Hall"} – Admin Panel – Marquee Cinemas` },
  { name: "description", content: "A hall's rows of seats, its seat types and their prices." },
]);

const NEW = "new";
// A new hall starts from a small example the staff member changes.
const EXAMPLE = "A 1 2 3 4 | 5 6 7 8\nB 1 2 3 4 | 5 6 7 8\n--\nC W1 C2 3 4 | 5 6 C7 W8";

async function requireHall(id: string | undefined) {
  const hall = id === NEW ? null : await getHall(id ?? "");
  if (id !== NEW && !hall) throw notFound("There is no hall at this address. It may have been a typo.");
  return hall;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const hall = await requireHall(params.id);
  const { currency } = config;
  const defaults: Record<string, string | boolean> = {
    name: hall?.name ?? "",
    layout: hall ? layoutText(hall.layout) : EXAMPLE,
    inUse: hall?.inUse ?? true,
  };
  for (const type of PRICED_TYPES) {
    const extra = hall?.typeExtras[type];
    defaults[`${type}Extra`] = extra ? formatAmount(extra, currency) : "";
  }
  return { hallName: hall?.name ?? null, defaults, ...cinemaSettings() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const hall = await requireHall(params.id);
  const form = await readSubmission(request, hallSchema(config.currency));
  if (!form.ok) return form.response;
  if (form.value.intent === SEAT) {
    // A seat pressed without JavaScript: the rows again with its kind changed, and nothing stored.
    const { layout, line, column } = form.value;
    const changed = nextPlaceKind(layout, line, column);
    return form.update({ intent: undefined, seat: undefined, ...(changed ? { layout: layoutText(changed) } : {}) });
  }
  const { intent, ...input } = form.value;
  if (intent === PREVIEW) {
    const shown = form.update({ intent: undefined });
    return data({ ...shown.data, preview: input.layout }, shown.init ?? undefined);
  }
  const saved = await saveHall(staff.uid, hall?.id ?? null, input);
  if (saved.ok) return redirectWithSuccess("/admin/halls", `${saved.hall.name} saved: ${saved.hall.seatCount} seats.`);
  switch (saved.reason) {
    case "not-found":
      throw notFound("There is no hall at this address any more.");
    case "name-taken":
      return form.refuse(`Another hall is already called ${input.name}. Please choose another name.`, 409, "name");
    case "sold-seats-removed":
      return form.refuse(
        `Seat(s) ${listSeats(saved.seats)} are sold or held for shows still to come, so the rows must keep them.`,
        409,
        "layout",
      );
  }
}

export default function EditHall() {
  const { hallName, defaults, currency } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="hall-title">
      <p>
        <Link to="/admin/halls" className="text-link">
          ← Halls
        </Link>
      </p>
      <h1 id="hall-title">{hallName ?? "New Hall"}</h1>
      <HallForm defaults={defaults} currency={currency} lastResult={lastResult} />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
