import { describe, expect, it } from 'vitest';
import { connectionBudgetProblem } from './client';

// WEB_CONCURRENCY × (DATABASE_POOL_SIZE + 1) against what PostgreSQL accepts (issue 13, point 4): the start
// warns when the processes could not all have their connections.
describe('the connection budget of the API processes', () => {
  it('warns when the processes need more connections than PostgreSQL accepts, naming the settings to change', () => {
    expect(connectionBudgetProblem({ processes: 64, poolSize: 10, maxConnections: 100, reserved: 3 })).toBe(
      "64 API processes × (10 pooled + 1 listening) connections = 704, but this PostgreSQL accepts 97 (max_connections 100 less 3 reserved): under load, requests will fail with 'too many clients'. Lower WEB_CONCURRENCY or DATABASE_POOL_SIZE, or raise max_connections.",
    );
  });

  it('says nothing when they fit, to the last connection', () => {
    expect(
      connectionBudgetProblem({ processes: 2, poolSize: 10, maxConnections: 100, reserved: 3 }),
    ).toBeNull();
    expect(
      connectionBudgetProblem({ processes: 1, poolSize: 96, maxConnections: 100, reserved: 3 }),
    ).toBeNull();
    expect(
      connectionBudgetProblem({ processes: 1, poolSize: 97, maxConnections: 100, reserved: 3 }),
    ).not.toBeNull();
  });
});
