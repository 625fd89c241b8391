import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGooglePlaces, PlacesProviderError } from './google';

type Seen = { path: string; key: string | undefined; body: unknown };
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  // A local stand-in for places.googleapis.com, answering with the documented Autocomplete (New) shape.
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      seen.push({
        path: request.url ?? '',
        key: request.headers['x-goog-api-key'] as string | undefined,
        body: JSON.parse(body),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the Google places adapter', () => {
  it('asks Places Autocomplete (New) for Nigerian places with the key in a header and maps the predictions', async () => {
    answer = {
      status: 200,
      body: {
        suggestions: [
          {
            placePrediction: {
              place: 'places/ChIJ1',
              placeId: 'ChIJ1',
              text: { text: 'Lekki, Lagos, Nigeria', matches: [] },
            },
          },
          { queryPrediction: { text: { text: 'lekki restaurants' } } },
          {
            placePrediction: {
              place: 'places/ChIJ2',
              placeId: 'ChIJ2',
              text: { text: 'Lekki Phase 1, Lagos, Nigeria' },
            },
          },
        ],
      },
    };
    const places = createGooglePlaces({ apiKey: 'server-side-key', baseUrl });
    const predictions = await places.autocomplete('Lekki', { limit: 8 });
    expect(predictions).toEqual([
      { description: 'Lekki, Lagos, Nigeria', place_id: 'ChIJ1' },
      { description: 'Lekki Phase 1, Lagos, Nigeria', place_id: 'ChIJ2' },
    ]);
    expect(seen.at(-1)).toEqual({
      path: '/v1/places:autocomplete',
      key: 'server-side-key',
      body: { input: 'Lekki', includedRegionCodes: ['ng'], languageCode: 'en' },
    });
  });

  it('answers an empty list when Google has no suggestions', async () => {
    answer = { status: 200, body: {} };
    await expect(
      createGooglePlaces({ apiKey: 'k', baseUrl }).autocomplete('zzzz', { limit: 8 }),
    ).resolves.toEqual([]);
  });

  it('reports a refused key as a failure', async () => {
    answer = {
      status: 403,
      body: { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } },
    };
    await expect(
      createGooglePlaces({ apiKey: 'bad', baseUrl }).autocomplete('Lekki', { limit: 8 }),
    ).rejects.toBeInstanceOf(PlacesProviderError);
  });
});
