// Starts the site on the embedded default: PGlite in DATA_DIR (default .data/) and remix-serve on PORT.
import { spawn } from "node:child_process";

const port = process.env.PORT || "3000";
const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, PORT: port },
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
