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
