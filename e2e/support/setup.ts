import { afterEach, beforeAll, expect } from 'vitest';
import { pageProblems } from './browser';

// A worker runs its journey files one after the other (isolate: false): what a page of the last file reported
// after that file's last test is not this file's.
beforeAll(() => {
  pageProblems.splice(0);
});

afterEach(() => {
  const problems = pageProblems.splice(0);
  expect(problems, 'the pages of this test reported CSP violations or uncaught errors').toEqual([]);
});
