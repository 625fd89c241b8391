export type PlaceParts = { street?: string; city?: string; state?: string; country?: string };

// Reads an autocomplete description, most specific part first: 'Lekki, Lagos, Nigeria' is city Lekki,
// state Lagos, country Nigeria; anything before the city is the street. 'Lagos State' is state Lagos.
export function parsePlaceDescription(description: string): PlaceParts {
  const parts = description
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return {};
  const country = parts[parts.length - 1];
  const state = parts[parts.length - 2]?.replace(/\s+State$/i, '');
  const city = parts.length >= 3 ? parts[parts.length - 3] : undefined;
  const street = parts.length >= 4 ? parts.slice(0, -3).join(', ') : undefined;
  return { street, city, state, country };
}

// What the user typed before the part a suggestion completes: '12 Admiralty Way, Lek' chosen as 'Lekki,
// Lagos, Nigeria' keeps '12 Admiralty Way' (the street and house number an area's suggestion does not
// name). The parts the suggestion names already are not repeated; a single typed part is the search itself.
export function typedStreetBefore(typed: string, description: string): string | undefined {
  const typedParts = typed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const named = new Set(description.split(',').map((part) => part.trim().toLowerCase()));
  const street = typedParts.slice(0, -1).filter((part) => !named.has(part.toLowerCase()));
  return street.length > 0 ? street.join(', ') : undefined;
}
