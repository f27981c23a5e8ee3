import type { ChildProcess } from "node:child_process";

export function hasExited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if the child has not exited within `timeoutMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, timeoutMs: number) {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const force = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(force);
}
