import { config } from "~/config.server";

/** The settings pages format prices and times with, passed to the browser by the loaders that need them. */
export function cinemaSettings() {
  return { timeZone: config.timeZone, currency: config.currency };
}
