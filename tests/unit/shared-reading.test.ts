import { describe, expect, it } from "vitest";
import { sharedReadings } from "~/services/shared-reading.server";

/** A reading the test finishes when it wants, counting how many were started. */
function slowReads() {
  const started: Array<(value: string) => void> = [];
  const failures: Array<(error: Error) => void> = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      started.push(resolve);
      failures.push(reject);
    });
  return { read, started, failures };
}

describe("sharedReadings", () => {
  it("gives everyone who asks at once the one reading under way, and keeps it while it is fresh", async () => {
    let clock = 1_000_000;
    const read = sharedReadings<string>({ freshMs: 60_000, keys: 4, now: () => clock });
    const slow = slowReads();
    const askers = [read("90", slow.read), read("90", slow.read), read("90", slow.read)];
    expect(slow.started).toHaveLength(1);
    slow.started[0]("first");
    const answers = await Promise.all(askers);
    expect(answers.map((answer) => answer.value)).toEqual(["first", "first", "first"]);
    expect(answers[0].readAt).toEqual(new Date(1_000_000));
    clock += 59_999;
    expect((await read("90", slow.read)).value).toBe("first");
    expect(slow.started).toHaveLength(1);
  });

  it("answers a stale reading at once while one new reading runs, then the new one", async () => {
    let clock = 0;
    const read = sharedReadings<string>({ freshMs: 60_000, keys: 4, now: () => clock });
    const slow = slowReads();
    const first = read("7", slow.read);
    slow.started[0]("old figures");
    await first;
    clock = 60_000;
    expect((await read("7", slow.read)).value).toBe("old figures");
    expect((await read("7", slow.read)).value).toBe("old figures");
    expect(slow.started).toHaveLength(2);
    slow.started[1]("new figures");
    await new Promise((resolve) => setImmediate(resolve));
    const latest = await read("7", slow.read);
    expect(latest).toEqual({ value: "new figures", readAt: new Date(60_000) });
  });

  it("keeps the last reading when a new one fails, and tells the first asker of a key that its reading failed", async () => {
    let clock = 0;
    const read = sharedReadings<string>({ freshMs: 1_000, keys: 4, now: () => clock });
    const slow = slowReads();
    const none = read("30", slow.read);
    slow.failures[0](new Error("database gone"));
    await expect(none).rejects.toThrow("database gone");
    const first = read("30", slow.read);
    slow.started[1]("figures");
    await first;
    clock = 5_000;
    expect((await read("30", slow.read)).value).toBe("figures");
    slow.failures[2](new Error("database gone again"));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await read("30", slow.read)).value).toBe("figures");
    expect(slow.started).toHaveLength(4);
  });

  it("with freshMs 0 waits for a reading begun since, shared only by those asking at once; keeps at most `keys` keys", async () => {
    const read = sharedReadings<number>({ freshMs: 0, keys: 2, now: () => 0 });
    let reads = 0;
    const count = async () => ++reads;
    expect((await read("a", count)).value).toBe(1);
    expect((await read("a", count)).value).toBe(2);
    const together = await Promise.all([read("a", count), read("a", count)]);
    expect(together.map((answer) => answer.value)).toEqual([3, 3]);
  });

  it("lets go of the least recently read key beyond `keys`", async () => {
    let reads = 0;
    const count = async () => ++reads;
    const read = sharedReadings<number>({ freshMs: 60_000, keys: 2, now: () => 0 });
    await read("a", count);
    await read("b", count);
    expect((await read("a", count)).value).toBe(1);
    await read("c", count);
    // "b" was the least recently read of three: it is read again; "a" is still kept.
    expect((await read("b", count)).value).toBe(4);
    expect((await read("c", count)).value).toBe(3);
  });
});
