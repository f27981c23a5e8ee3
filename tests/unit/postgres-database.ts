// A database of its own on the test PostgreSQL server (TEST_DATABASE_URL) for one test file: made before its tests,
// the app pointed at it (its modules must be imported after, dynamically), and dropped after them.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

export const testPostgresUrl = process.env.TEST_DATABASE_URL;

async function onServer(sql: string) {
  const admin = new pg.Client(testPostgresUrl);
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

/** Call inside a `describe.skipIf(!testPostgresUrl)`; answers a function giving the database's URL. */
export function usePostgresDatabase() {
  const name = `cinema_${crypto.randomBytes(4).toString("hex")}`;
  const url = testPostgresUrl?.replace(/\/[^/]*$/, `/${name}`) ?? "";
  beforeAll(async () => {
    await onServer(`create database ${name}`);
    process.env.DATABASE_URL = url;
    process.env.SESSION_SECRET = "test-secret";
  });
  afterAll(async () => {
    const { closeDb } = await import("~/services/db.server");
    await closeDb();
    await onServer(`drop database if exists ${name}`);
  });
  return () => url;
}
