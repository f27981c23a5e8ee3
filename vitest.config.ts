import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    env: { DATA_DIR: "memory://", CINEMA_TIMEZONE: "UTC" },
    testTimeout: 20_000,
  },
});
