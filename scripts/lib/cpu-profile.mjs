// Reads a V8 CPU profile (`node --cpu-prof`) of the site and answers the share of its CPU time in each part of a
// request. A sample counts for the innermost part of the app its stack is in (a session lookup's SQL is the session
// lookup's), else for the library it ran in.
import fs from "node:fs";

const APP_PARTS = [
  ["session lookup", /^(findSessionUser|readSessionId|getViewer)$/],
  ["post limits", /^(limitPosts|countPost)$/],
  ["form reading", /^(readSubmission|readForm|parseWithZod)$/],
  ["booking check before the transaction", /^checkSeatsBeforeBooking$/],
  ["booking transaction (SQL)", /^(bookSeats|attemptBooking)$/],
  ["toast and redirect", /^(redirectWith\w+|redirectWithFlash)$/],
];
const LIBRARIES = [
  ["React rendering", /react-dom/],
  ["SQL (PGlite, other queries)", /pglite|\.wasm|wasm-function/],
  ["compression", /node_modules\/compression|zlib/],
  ["Remix routing and responses", /@remix-run|turbo-stream/],
  ["Express and HTTP", /node_modules\/(express|router|body-parser|send|serve-static)|node:_http|node:net|_http_/],
];

function partOf(stack) {
  for (let i = stack.length - 1; i >= 0; i--) {
    const part = APP_PARTS.find(([, name]) => name.test(stack[i].functionName));
    if (part) return part[0];
  }
  const leaf = stack.at(-1);
  if (["(idle)", "(garbage collector)", "(program)"].includes(leaf.functionName)) return leaf.functionName;
  for (let i = stack.length - 1; i >= 0; i--) {
    const library = LIBRARIES.find(([, url]) => url.test(stack[i].url) || url.test(stack[i].functionName));
    if (library) return library[0];
  }
  return /build\/index\.js/.test(leaf.url) ? "app code (other)" : "other (node internals)";
}

/**
 * Shares of the busy time (idle left out) per part, largest first, and the busy seconds; of the profile's last
 * `lastSeconds` only when given (the load that ran last, without the start-up before it).
 */
export function profileShares(file, lastSeconds = Infinity) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackCache = new Map();
  const stackOf = (id) => {
    let stack = stackCache.get(id);
    if (!stack) {
      stack = [];
      for (let at = id; at !== undefined; at = parent.get(at)) stack.unshift(byId.get(at).callFrame);
      stackCache.set(id, stack);
    }
    return stack;
  };
  const micros = new Map();
  const times = [];
  profile.timeDeltas.reduce((at, delta, i) => (times[i] = at + delta), profile.startTime);
  const from = profile.endTime - lastSeconds * 1e6;
  profile.samples.forEach((id, i) => {
    if (times[i] < from) return;
    const part = partOf(stackOf(id));
    micros.set(part, (micros.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  micros.delete("(idle)");
  const busy = [...micros.values()].reduce((a, b) => a + b, 0);
  const shares = [...micros].map(([part, us]) => ({ part, share: us / busy })).sort((a, b) => b.share - a.share);
  return { busySeconds: busy / 1e6, shares };
}
