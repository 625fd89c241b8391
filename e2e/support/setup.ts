import { afterEach, expect } from 'vitest';
import { pageProblems } from './browser';

afterEach(() => {
  const problems = pageProblems.splice(0);
  expect(problems, 'the pages of this test reported CSP violations or uncaught errors').toEqual([]);
});
