import path from "node:path";
import { defineConfig } from "vitest/config";

const resolve = { alias: { "~": path.resolve("app") } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Each file's in-memory database starts from one dump, migrated once, not from initdb (seconds a file).
          globalSetup: ["tests/unit/database-dump.ts"],
          // Two files at a time on two cores: each file's database loads from the dump in a moment (decision 39).
          // `npm test` runs them in one beside the server tests (UNIT_TEST_WORKERS=1, decision 40).
          maxWorkers: Number(process.env.UNIT_TEST_WORKERS ?? 2),
          env: { DATA_DIR: "memory://", CINEMA_TIMEZONE: "UTC" },
          testTimeout: 20_000,
          // Loading the sample catalogue into a fresh in-memory database, on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        // The built site in processes of its own (npm test builds it first): one file at a time, so the
        // timings they assert are not the other files' load.
        resolve,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          globalSetup: ["tests/server/shared-auth-emulator.ts"],
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The built site as `npm start` runs it, with the Auth emulator it brings. Starting one is half a minute of
        // one core's work, so two files run at once (they assert no timings), each test in them one after another;
        // more only makes each start slower.
        resolve,
        test: {
          name: "embedded-default",
          include: ["tests/embedded-default/**/*.test.ts"],
          environment: "node",
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
