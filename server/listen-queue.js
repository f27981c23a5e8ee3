// Plain JavaScript so that the site's metrics and the premiere script (a Node script) read the queue the same way.
import fs from "node:fs";

const LISTEN_STATE = "0A";

/**
 * Connections the kernel has completed on `port` that no process has accepted yet, summed over the listening sockets
 * on that port (Linux: /proc/net/tcp and tcp6, where a listening socket's receive queue is its accept queue); null
 * where neither can be read. A crowd the site cannot keep up with waits here, before any request log line or latency
 * figure of the site's own can see it.
 * @param {number} port
 * @returns {number | null}
 */
export function acceptQueueLength(port) {
  let waiting = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table;
    try {
      table = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    waiting ??= 0;
    for (const line of table.split("\n").slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== LISTEN_STATE || Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16) !== port) continue;
      waiting += Number.parseInt(queues.slice(queues.indexOf(":") + 1), 16);
    }
  }
  return waiting;
}
