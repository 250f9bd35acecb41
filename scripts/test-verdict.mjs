// The verdict of `npm test` from each runner's exit status and its JSON report.
// A runner's exit status alone is not trusted: a library's exit hook once made
// vitest exit 0 after failures (docs/decisions/034-test-gate.md). A run fails
// when any runner exits non-zero, writes no report, reports a failed test or
// an error outside tests, or reports no test at all.

/** Counts of one vitest JSON report, or a reason it cannot pass. */
export function vitestResult(code, report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0, problems: ["vitest wrote no report"], code };
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0);
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const problems = [];
  if (code !== 0) problems.push(`vitest exited with ${code}`);
  if (failed > 0) problems.push(`vitest: ${failed} failed`);
  if ((report.numFailedTestSuites ?? 0) > 0) problems.push(`vitest: ${report.numFailedTestSuites} test files failed`);
  if (report.success === false) problems.push("vitest reports no success");
  if ((report.numTotalTests ?? 0) === 0) problems.push("vitest ran no tests");
  return { passed, failed, skipped, problems };
}

/** Counts of one Playwright JSON report (one project), or a reason it cannot pass. */
export function playwrightResult(name, code, report) {
  if (!report?.stats) return { passed: 0, failed: 0, skipped: 0, problems: [`${name}: Playwright wrote no report`] };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const problems = [];
  if (code !== 0) problems.push(`${name}: Playwright exited with ${code}`);
  if (unexpected > 0) problems.push(`${name}: ${unexpected} failed`);
  if ((report.errors ?? []).length > 0) problems.push(`${name}: ${report.errors.length} errors outside tests`);
  if (expected + flaky === 0) problems.push(`${name}: Playwright ran no tests`);
  return { passed: expected + flaky, failed: unexpected, skipped, problems, flaky };
}

/** The closing counts and whether the run passed. */
export function verdict(results) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const problems = [];
  for (const r of results) {
    counts.passed += r.passed;
    counts.failed += r.failed;
    counts.skipped += r.skipped;
    problems.push(...r.problems);
  }
  return { counts, problems, ok: problems.length === 0 };
}
