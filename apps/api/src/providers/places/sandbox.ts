import { FCT, nigerianStates } from './gazetteer';
import type { PlacePrediction, PlacesProvider } from './index';

// The sandbox places adapter: searches the shipped gazetteer, case-insensitively. Places whose name
// starts with the input come first, then those where a word starts with it, then any other match.

type Entry = PlacePrediction & { name: string; searchText: string };

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function placeId(description: string): string {
  const slug = normalize(description.replace(/, Nigeria$/, ''))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `sandbox-${slug}`;
}

function entry(description: string): Entry {
  return {
    description,
    place_id: placeId(description),
    name: normalize(description.split(',')[0] ?? description),
    searchText: normalize(description),
  };
}

export function gazetteerEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const { state, capital, places } of nigerianStates) {
    const label = state === FCT ? capital : state;
    entries.push(entry(state === FCT ? `${FCT}, Nigeria` : `${state} State, Nigeria`));
    entries.push(entry(capital === label ? `${capital}, Nigeria` : `${capital}, ${label}, Nigeria`));
    for (const place of places) entries.push(entry(`${place}, ${label}, Nigeria`));
  }
  return entries;
}

function rank(candidate: Entry, query: string): number | null {
  if (candidate.name.startsWith(query)) return 0;
  if (` ${candidate.searchText.replace(/[,-]/g, ' ')}`.includes(` ${query}`)) return 1;
  if (candidate.searchText.includes(query)) return 2;
  return null;
}

function search(entries: Entry[], query: string, limit: number): PlacePrediction[] {
  return entries
    .map((candidate, order) => ({ candidate, order, score: rank(candidate, query) }))
    .filter((match): match is { candidate: Entry; order: number; score: number } => match.score !== null)
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, limit)
    .map(({ candidate }) => ({ description: candidate.description, place_id: candidate.place_id }));
}

export function createSandboxPlaces(): PlacesProvider {
  const entries = gazetteerEntries();
  return {
    kind: 'sandbox',
    autocomplete(input, { limit }) {
      const query = normalize(input);
      if (!query) return Promise.resolve([]);
      const found = search(entries, query, limit);
      if (found.length > 0) return Promise.resolve(found);
      // A typed street address ('12 Admiralty Way, Lekki'): suggest from its last part that matches.
      const parts = query
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .reverse();
      for (const part of parts) {
        const byPart = search(entries, part, limit);
        if (byPart.length > 0) return Promise.resolve(byPart);
      }
      return Promise.resolve([]);
    },
  };
}
