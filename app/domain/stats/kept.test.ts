import { describe, expect, it, vi } from "vitest";
import { dataChanged, remoteDataChanged } from "~/db/data-version.server";
import { CACHE_TTL_MS } from "~/cache/lifetime";
import { STATS_KEPT_MAX, STATS_TTL_MS, statsKept, statsKey } from "./kept.server";

const counter = () => {
  let reads = 0;
  return { read: async () => ({ reads: ++reads }), count: () => reads };
};

describe("the statistics answers' key", () => {
  it("is the same whatever the order of the fields and of a list's values, and ignores absent fields", () => {
    const key = statsKey("key", { "status[]": ["granted", "reported"], q: "ice", date_from: undefined });
    expect(statsKey("key", { q: "ice", "status[]": ["reported", "granted"] })).toBe(key);
    for (const other of [
      statsKey("ri", { q: "ice", "status[]": ["granted", "reported"] }),
      statsKey("key", { q: "ic", "status[]": ["granted", "reported"] }),
      statsKey("key", { q: "ice", "status[]": ["granted"] }),
      statsKey("key", { q: "ice", "status[]": ["granted", "reported"], allsub: "1" }),
      statsKey("key", { q: "ice", "status[]": ["granted", "reported"], page: 2 }),
    ]) {
      expect(other).not.toBe(key);
    }
  });
});

describe("statsKept", () => {
  it("reads once for the same screen and filter, until a write", async () => {
    const db = {};
    const { read, count } = counter();
    const [a, b] = await Promise.all([statsKept(db, "key", { q: "x" }, read), statsKept(db, "key", { q: "x" }, read)]);
    expect(a).toBe(b);
    await statsKept(db, "key", { q: "x" }, read);
    expect(count()).toBe(1);
    await statsKept(db, "key", { q: "y" }, read);
    expect(count()).toBe(2);
    dataChanged();
    await statsKept(db, "key", { q: "x" }, read);
    expect(count()).toBe(3);
  });

  it("keeps each database's answers apart, and a bounded number of them", async () => {
    const { read, count } = counter();
    await statsKept({}, "key", {}, read);
    await statsKept({}, "key", {}, read);
    expect(count()).toBe(2);
    const db = {};
    for (let i = 0; i <= STATS_KEPT_MAX; i++) await statsKept(db, "key", { q: String(i) }, read);
    const before = count();
    await statsKept(db, "key", { q: "0" }, read);
    expect(count()).toBe(before + 1);
  });

  it("does not keep a failed read", async () => {
    const db = {};
    let fail = true;
    const read = async () => {
      if (fail) throw new Error("down");
      return 1;
    };
    await expect(statsKept(db, "key", {}, read)).rejects.toThrow("down");
    fail = false;
    await expect(statsKept(db, "key", {}, read)).resolves.toBe(1);
  });

  it("keeps an answer past the other caches' lifetime while nothing is written, and ends it at another instance's write", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const db = {};
      let reads = 0;
      const read = async () => ++reads;
      await statsKept(db, "long", {}, read);
      vi.setSystemTime(Date.now() + CACHE_TTL_MS * 3);
      expect(await statsKept(db, "long", {}, read)).toBe(1);
      remoteDataChanged();
      expect(await statsKept(db, "long", {}, read)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts the lifetime from the answer, so a read slower than the lifetime is still used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const db = {};
      let reads = 0;
      const slow = async () => {
        vi.setSystemTime(Date.now() + STATS_TTL_MS + 1000);
        return ++reads;
      };
      await statsKept(db, "slow", {}, slow);
      expect(await statsKept(db, "slow", {}, slow)).toBe(1);
      vi.setSystemTime(Date.now() + STATS_TTL_MS + 1);
      expect(await statsKept(db, "slow", {}, slow)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
