import { z } from "zod";

// What Apple Wallet sends to the passes' web service (decision 73), checked before anything is looked up: the path's
// identifiers, a registration's push token, the tag of a device's last update, and the logs a device reports.

const IDENTIFIER = /^[A-Za-z0-9._-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The identifiers of a web service address: a device's, a pass type's and (for one pass) its serial number. */
export const passPathSchema = z.object({
  deviceId: z.string().regex(IDENTIFIER, "not a device library identifier").optional(),
  passTypeId: z.string().regex(IDENTIFIER, "not a pass type identifier"),
  serialNumber: z.string().regex(UUID, "not a serial number of ours").optional(),
});

/** A registration's body: the device's APNs token, in hex (32 bytes today). */
export const registrationSchema = z.object({
  pushToken: z.string().regex(/^[0-9A-Fa-f]{16,256}$/, "not an APNs device token"),
});

/** passesUpdatedSince: the tag the service gave the device last time (milliseconds), or none. */
export const updatedSinceSchema = z
  .string()
  .regex(/^\d{1,15}$/, "not a tag this service gave")
  .transform(Number)
  .nullable();

/** The messages a device reports about passes it could not update. */
export const deviceLogsSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });
