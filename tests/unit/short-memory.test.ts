import { afterEach, describe, expect, it, vi } from "vitest";
import { shortMemory } from "~/utils/short-memory";

afterEach(() => vi.restoreAllMocks());

describe("shortMemory", () => {
  it("answers an entry until its lifetime has passed, then forgets it", () => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_000);
    const memory = shortMemory<string, number>({ lifetimeMs: 100, maxEntries: 10 });
    memory.set("a", 1);
    clock.mockReturnValue(1_099);
    expect(memory.get("a")).toBe(1);
    clock.mockReturnValue(1_100);
    expect(memory.get("a")).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it("forgets an entry at its own end when that comes before the lifetime", () => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_000);
    const memory = shortMemory<string, number>({ lifetimeMs: 100, maxEntries: 10 });
    memory.set("a", 1, 1_040);
    clock.mockReturnValue(1_039);
    expect(memory.get("a")).toBe(1);
    clock.mockReturnValue(1_040);
    expect(memory.get("a")).toBeUndefined();
  });

  it("holds at most maxEntries, letting the oldest go first; setting a key again makes it the newest", () => {
    const memory = shortMemory<string, number>({ lifetimeMs: 60_000, maxEntries: 2 });
    memory.set("a", 1);
    memory.set("b", 2);
    memory.set("a", 3);
    memory.set("c", 4);
    expect([memory.get("a"), memory.get("b"), memory.get("c")]).toEqual([3, undefined, 4]);
    expect(memory.size).toBe(2);
  });

  it("forgets an entry deleted", () => {
    const memory = shortMemory<string, number>({ lifetimeMs: 60_000, maxEntries: 2 });
    memory.set("a", 1);
    memory.delete("a");
    expect(memory.get("a")).toBeUndefined();
  });
});
