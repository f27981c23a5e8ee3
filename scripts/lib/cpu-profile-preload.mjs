// Loaded with `node --import` into the site's processes by `BENCH_CPU_PROF` (Node refuses --cpu-prof in
// NODE_OPTIONS): profiles the `serve` process alone and writes its profile into that folder as it exits.
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

if (process.argv[2] === "serve" && process.env.BENCH_CPU_PROF) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    // An in-process session answers synchronously, so the profile is written before the process ends.
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      const file = path.join(process.env.BENCH_CPU_PROF, `serve-${process.pid}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
