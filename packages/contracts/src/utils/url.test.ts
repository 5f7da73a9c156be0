import { describe, expect, it } from 'vitest';
import { fillUrl } from './url.js';

describe('fillUrl', () => {
  it('spec §8: placeholders are replaced by URL-encoded context values', () => {
    expect(fillUrl('/a/{id}/b?x={x}', { id: 7, x: 'a b&c' })).toBe('/a/7/b?x=a%20b%26c');
    expect(fillUrl('/form/{alias}/{alias}', { alias: '表单' })).toBe(
      '/form/%E8%A1%A8%E5%8D%95/%E8%A1%A8%E5%8D%95',
    );
    expect(fillUrl('/flag/{on}', { on: false })).toBe('/flag/false');
    expect(fillUrl('/no/placeholders', {})).toBe('/no/placeholders');
  });

  it('spec §8: a url variable missing from the context throws and names the variable', () => {
    expect(() => fillUrl('/a/{id}/b?x={x}', { id: 1 })).toThrow(/url variable "x" is missing/);
    expect(() => fillUrl('/a/{id}', { id: null })).toThrow(/url variable "id" is missing/);
    expect(() => fillUrl('/a/{id}', { id: undefined })).toThrow(/url variable "id" is missing/);
  });

  it('spec §8: only own context values count, not inherited object members', () => {
    expect(() => fillUrl('/a/{toString}', {})).toThrow(/url variable "toString" is missing/);
  });
});
