// Character classes and words of the search syntax, shared by the parser, the printer and the
// sort-order parser so that what one writes the other reads.

const WHITESPACE = /\s/;

export function isWhitespace(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(ch); // the unicode spaces of \s, kept identical to the JS definition
}

export const isQuote = (ch: string): boolean => ch === '"' || ch === "'";
export const isParen = (ch: string): boolean => ch === '(' || ch === ')';

/** Characters that end a bare value: whitespace, parentheses and quotes. */
export function endsBareValue(ch: string): boolean {
  return isWhitespace(ch) || isParen(ch) || isQuote(ch);
}

/** Characters a field name may not contain (besides whitespace): these delimit terms. */
export function endsName(ch: string): boolean {
  return endsBareValue(ch) || ch === ':';
}

/** Connectives and the word modifier; case-sensitive, as in the specification. */
export const KEYWORDS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT']);

/** Characters that would be read as part of a comparator when they start a value. */
export const COMPARATOR_TAIL_CHARS: ReadonlySet<string> = new Set(['<', '>', '=', '*', '~']);

/** Is `name` writable as a field name (so that it reads back as the same name)? */
export function isValidName(name: string): boolean {
  if (name === '' || name.startsWith('-') || KEYWORDS.has(name)) return false;
  for (const ch of name) if (endsName(ch)) return false;
  return true;
}

/** How a character of the input is named in an error message. */
export function describeAt(text: string, position: number): string {
  if (position >= text.length) return 'end of query';
  const ch = text.codePointAt(position)!;
  const s = String.fromCodePoint(ch);
  return isWhitespace(s) ? 'whitespace' : `'${s}'`;
}
