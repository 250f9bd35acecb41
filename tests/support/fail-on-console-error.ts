import { afterEach, vi } from "vitest";

// A test that makes the code log an error fails, unless it expects the log
// (expectConsoleError) — the epic-stack convention.
let expected = 0;
const spy = vi.spyOn(console, "error");

export function expectConsoleError(times = 1) {
  expected += times;
}

afterEach(() => {
  const calls = spy.mock.calls.length;
  const unexpected = calls - expected;
  spy.mockClear();
  expected = 0;
  if (unexpected > 0) throw new Error(`console.error was called ${unexpected} time(s) unexpectedly`);
});
