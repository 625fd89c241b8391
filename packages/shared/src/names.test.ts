import { describe, expect, it } from 'vitest';
import { namesMatch, nameWords } from './names';

describe('the bank name check (decision 016)', () => {
  it('splits a name into words without case, accents or punctuation', () => {
    expect(nameWords("  OKAFOR, Chídì-Emeka O'Neil. ")).toEqual(['okafor', 'chidi', 'emeka', 'oneil']);
  });

  it('matches the same name in another order, case and punctuation', () => {
    expect(namesMatch('Chidi Okafor', 'OKAFOR CHIDI')).toBe(true);
    expect(namesMatch('Adaeze Nwosu-Bello', 'NWOSU BELLO, ADAEZE')).toBe(true);
    expect(namesMatch('Ìyábọ̀ Adéyemí', 'ADEYEMI IYABO')).toBe(true);
  });

  it('ignores initials and a middle name only one side has', () => {
    expect(namesMatch('C. Okafor', 'OKAFOR CHIDI')).toBe(true);
    expect(namesMatch('Chidi E. Okafor', 'OKAFOR CHIDI EMEKA')).toBe(true);
    expect(namesMatch('Chidi Okafor', 'OKAFOR CHIDI EMEKA')).toBe(true);
    expect(namesMatch('Chidi Emeka Okafor', 'OKAFOR CHIDI E')).toBe(true);
    expect(namesMatch('Chidi Okafor', 'OKAFOR C. EMEKA')).toBe(false);
  });

  it('flags another person', () => {
    expect(namesMatch('Chidi Okafor', 'BELLO AMINA')).toBe(false);
    expect(namesMatch('Chidi Okafor', 'OKAFOR NGOZI')).toBe(false);
    expect(namesMatch('Chidi Okafor', 'CHIDI')).toBe(false);
    expect(namesMatch('Chidi Okafor', 'OKAFOR CHIDINMA')).toBe(false);
    expect(namesMatch('', 'OKAFOR CHIDI')).toBe(false);
    expect(namesMatch('!!', 'OKAFOR CHIDI')).toBe(false);
  });
});
