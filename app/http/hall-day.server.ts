import { getHall } from "~/models/halls.server";
import { listHallDay } from "~/models/show-scheduling.server";

/** A hall's shows on a cinema day, as Add Shows shows them; null for a hall that does not exist. */
export async function readHallDay(hallId: string, day: string) {
  const hall = await getHall(hallId);
  if (!hall) return null;
  return { hallName: hall.name, day, shows: await listHallDay(hall.id, day) };
}

export type HallDay = NonNullable<Awaited<ReturnType<typeof readHallDay>>>;
