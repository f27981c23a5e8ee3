import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import { config, type Config } from "~/config.server";

/** What every line logged while a request is answered says of it; the viewer is added once known. */
export type RequestContext = { requestId: string; uid?: string };

const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and all it starts) as part of the request `context`. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return requests.run(context, work);
}

/** The context of the request being answered: one object for its action and all its loaders; none outside one. */
export function currentRequestContext(): RequestContext | undefined {
  return requests.getStore();
}

/** Notes the signed-in person answered, for the request's log line. */
export function noteViewer(uid: string | undefined) {
  const context = requests.getStore();
  if (context && uid) context.uid = uid;
}

// Belt and braces: nothing logs headers or bodies, but an error or a caller passing an object along must not
// carry a credential or card data into the logs either.
const SECRET_KEYS = ["password", "cookie", "authorization", "idToken", "sessionCookie", "cardNumber", "number", "cvc"];
const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `headers.${key}`),
  ...SECRET_KEYS.map((key) => `*.headers.${key}`),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

const LEVEL_NAMES: Record<string, string> = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO ",
  warn: "WARN ",
  error: "ERROR",
  fatal: "FATAL",
};
// Fields the readable line shows in its own way, or leaves out as noise on a developer's terminal.
const SHOWN_APART = new Set(["level", "time", "msg", "pid", "hostname", "err"]);

/** One JSON line as a developer reads it: `12:03:04.567 INFO  request GET 200 12ms route=… reqId=…`. */
export function readableLine(json: string) {
  const entry = JSON.parse(json) as Record<string, unknown> & { err?: { stack?: string; message?: string } };
  const clock = String(entry.time ?? "").slice(11, 23);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !SHOWN_APART.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message}` : "";
  return (
    `${clock} ${LEVEL_NAMES[String(entry.level)] ?? entry.level} ${entry.msg ?? ""} ${fields.join(" ")}`.trimEnd() +
    error +
    "\n"
  );
}

function readableDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(readableLine(line)) };
}

/** JSON lines in production, readable lines otherwise; either way with the request's id and viewer. */
export function createLogger(options: Config["log"], out: NodeJS.WritableStream = process.stdout): Logger {
  return pino(
    {
      level: options.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      mixin() {
        const context = requests.getStore();
        return context ? { reqId: context.requestId, ...(context.uid ? { uid: context.uid } : {}) } : {};
      },
    },
    options.json ? out : readableDestination(out),
  );
}

export const logger = createLogger(config.log);
