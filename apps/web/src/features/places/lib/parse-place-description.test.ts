import { describe, expect, it } from 'vitest';
import { parsePlaceDescription } from './parse-place-description';

describe('reading an address suggestion', () => {
  it('reads city, state and country from "Lekki, Lagos, Nigeria"', () => {
    expect(parsePlaceDescription('Lekki, Lagos, Nigeria')).toEqual({
      street: undefined,
      city: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
    });
  });

  it('reads the street from the parts before the city', () => {
    expect(parsePlaceDescription('12 Admiralty Way, Lekki Phase 1, Lekki, Lagos, Nigeria')).toMatchObject({
      street: '12 Admiralty Way, Lekki Phase 1',
      city: 'Lekki',
    });
  });

  it('drops "State" from a state name and leaves the city unknown when there is none', () => {
    expect(parsePlaceDescription('Lagos State, Nigeria')).toEqual({
      street: undefined,
      city: undefined,
      state: 'Lagos',
      country: 'Nigeria',
    });
  });

  it('reads nothing from a single name', () => {
    expect(parsePlaceDescription('Nigeria')).toEqual({});
  });
});
