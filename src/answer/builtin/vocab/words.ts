/** A list of single words written as one string: split at white space. */
export const w = (s: string) => s.split(/\s+/).filter(Boolean);
