import { describe } from "vitest";
import { showChangeScenarios } from "./show-changes-scenarios";

// Staff cancelling and moving shows with bookings, on the embedded PGlite (one transaction at a time).
describe("staff cancelling and moving a show", () => {
  showChangeScenarios("t-show-changes");
});
