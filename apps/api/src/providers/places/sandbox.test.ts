import { describe, expect, it } from 'vitest';
import { FCT, nigerianStates } from './gazetteer';
import { createSandboxPlaces, gazetteerEntries } from './sandbox';

const places = createSandboxPlaces();
const suggest = (input: string, limit = 8) => places.autocomplete(input, { limit });

describe('the sandbox places adapter', () => {
  it('ships the 36 states and the FCT, each with a capital', () => {
    expect(nigerianStates).toHaveLength(37);
    expect(nigerianStates.map((entry) => entry.state)).toContain(FCT);
    expect(nigerianStates.find((entry) => entry.state === 'Lagos')?.capital).toBe('Ikeja');
  });

  it('gives every place a stable, unique place_id', () => {
    const entries = gazetteerEntries();
    expect(new Set(entries.map((entry) => entry.place_id)).size).toBe(entries.length);
    expect(gazetteerEntries().map((entry) => entry.place_id)).toEqual(entries.map((entry) => entry.place_id));
  });

  it('suggests a well-known area first when its name starts with the input, whatever the case', async () => {
    const predictions = await suggest('LEK');
    expect(predictions[0]).toEqual({ description: 'Lekki, Lagos, Nigeria', place_id: 'sandbox-lekki-lagos' });
    expect(predictions.map((prediction) => prediction.description)).toContain(
      'Lekki Phase 1, Lagos, Nigeria',
    );
  });

  it('finds places by a word inside their description', async () => {
    const predictions = await suggest('port harcourt');
    expect(predictions[0]?.description).toBe('Port Harcourt, Rivers, Nigeria');
    expect(predictions.map((prediction) => prediction.description)).toContain(
      'GRA, Port Harcourt, Rivers, Nigeria',
    );
  });

  it('finds the areas of Abuja', async () => {
    const descriptions = (await suggest('wuse')).map((prediction) => prediction.description);
    expect(descriptions).toEqual(['Wuse, Abuja, Nigeria', 'Wuse 2, Abuja, Nigeria']);
    expect((await suggest('maitama'))[0]?.description).toBe('Maitama, Abuja, Nigeria');
  });

  it('matches any part of a name', async () => {
    expect((await suggest('odija')).map((prediction) => prediction.description)).toEqual([
      'Bodija, Ibadan, Oyo, Nigeria',
    ]);
  });

  it('suggests from the last part of a typed street address', async () => {
    expect((await suggest('12 Admiralty Way, Lekki'))[0]?.description).toBe('Lekki, Lagos, Nigeria');
  });

  it('returns at most the limit', async () => {
    expect(await suggest('a')).toHaveLength(8);
    expect(await suggest('a', 3)).toHaveLength(3);
  });

  it('returns nothing for empty input or input that matches nothing', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('Timbuktu')).toEqual([]);
  });
});
