import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { formatDate, formatDateTime } from './format-date';

const OriginalDateTimeFormat = Intl.DateTimeFormat;
afterEach(async () => {
  Intl.DateTimeFormat = OriginalDateTimeFormat;
  await i18n.changeLanguage('en');
});

// Counts the formatters made.
function countFormatters() {
  const count = { made: 0 };
  Intl.DateTimeFormat = class extends OriginalDateTimeFormat {
    constructor(...args: ConstructorParameters<typeof OriginalDateTimeFormat>) {
      super(...args);
      count.made += 1;
    }
  } as typeof Intl.DateTimeFormat;
  return count;
}

describe('dates in the reader’s language', () => {
  it('makes one formatter per language and style, not one per date (a list of cards made one each)', async () => {
    const count = countFormatters();
    const dates = ['2026-01-05T10:00:00.000Z', '2026-02-06T10:00:00.000Z', '2026-03-07T10:00:00.000Z'];
    expect(dates.map(formatDate)).toEqual(['Jan 5, 2026', 'Feb 6, 2026', 'Mar 7, 2026']);
    dates.forEach(formatDateTime);
    expect(count.made).toBeLessThanOrEqual(2);

    await i18n.changeLanguage('fr');
    const before = count.made;
    expect(dates.map(formatDate)).toEqual(['5 janv. 2026', '6 févr. 2026', '7 mars 2026']);
    expect(count.made).toBe(before + 1);
  });
});
