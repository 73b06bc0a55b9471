import { describe, expect, it } from 'vitest';
import { stemWord } from './stem.ts';
import { stopWords } from './stop-words.ts';

describe('stemWord', () => {
  it('folds inflections of each language onto one stem', () => {
    expect(stemWord('houses', 'en')).toBe(stemWord('house', 'en'));
    expect(stemWord('bedrooms', 'en')).toBe('bedroom');
    expect(stemWord('habitaciones', 'es')).toBe(stemWord('habitación', 'es'));
    expect(stemWord('maisons', 'fr')).toBe(stemWord('maison', 'fr'));
    expect(stemWord('apartamentos', 'pt')).toBe(stemWord('apartamento', 'pt'));
  });
});

describe('stopWords', () => {
  it('holds function words and lets a caller keep the words it reads', () => {
    expect(stopWords('en').has('the')).toBe(true);
    expect(stopWords('es').has('el')).toBe(true);
    expect(stopWords('en', ['under']).has('under')).toBe(false);
    expect(stopWords('pt', ['sem']).has('sem')).toBe(false);
  });
});
