import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacePredictions } from '@marketplace/shared/schemas/profiles';
import { buildTestApp, type TestApp } from '../../../test/helper';

type Success<T> = { ok: true; message: string; data: T };

let testApp: TestApp;
let failingApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  failingApp = await buildTestApp({
    providers: {
      places: { kind: 'google', autocomplete: () => Promise.reject(new Error('Google is unreachable')) },
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await failingApp.close();
});

const autocomplete = (app: TestApp, input?: string) =>
  app.app.inject({
    url: `/api/places/autocomplete${input === undefined ? '' : `?${new URLSearchParams({ input }).toString()}`}`,
  });

describe('GET /api/places/autocomplete', () => {
  it('suggests Nigerian addresses as predictions with description and place_id', async () => {
    const response = await autocomplete(testApp, 'lekki');
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<PlacePredictions>>();
    expect(body.ok).toBe(true);
    expect(body.data.predictions[0]).toEqual({
      description: 'Lekki, Lagos, Nigeria',
      place_id: 'sandbox-lekki-lagos',
    });
  });

  it('gives at most 8 suggestions', async () => {
    const response = await autocomplete(testApp, 'a');
    expect(response.json<Success<PlacePredictions>>().data.predictions).toHaveLength(8);
  });

  it.each([undefined, '', '    '])('answers an empty list for empty input (%j)', async (input) => {
    const response = await autocomplete(testApp, input);
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<PlacePredictions>>().data).toEqual({ predictions: [] });
  });

  it('answers an empty list, not an error, when the places provider fails', async () => {
    const response = await autocomplete(failingApp, 'lekki');
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<PlacePredictions>>()).toMatchObject({ ok: true, data: { predictions: [] } });
  });

  it('refuses overly long input', async () => {
    const response = await autocomplete(testApp, 'x'.repeat(201));
    expect(response.statusCode).toBe(400);
  });
});
