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

  it('writes English dates by hand exactly as Intl does, without making a formatter (its first use loads the locale data)', () => {
    const intl = new OriginalDateTimeFormat('en', { dateStyle: 'medium' });
    const count = countFormatters();
    // Every day of two years (a leap year included), at hours either side of midnight UTC.
    const start = Date.UTC(2027, 0, 1);
    for (let day = 0; day < 731; day++) {
      for (const hour of [0, 11, 23]) {
        const iso = new Date(start + day * 86_400_000 + hour * 3_600_000).toISOString();
        expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
      }
    }
    expect(count.made).toBe(0);
  });
});
