// Which numbers of a JSON text native JSON.parse would not keep exactly, found in one pass over the numbers
// outside strings (strings are skipped with indexOf, about a third of JSON.parse's time). A number keeps its
// digits through a double when its shortest printing (String) is its own text; every other is reported.

const QUOTE = 34;
const BACKSLASH = 92;
const MINUS = 45;
const PLUS = 43;
const POINT = 46;
const ZERO = 48;
const LOWER_E = 0x65;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}

/** The index after the string whose first character (after its opening quote) is at `i`. */
function endOfString(text: string, i: number): number {
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let b = quote - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    if ((quote - 1 - b) % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The end of the digits from `i`. */
function digitsEnd(text: string, i: number): number {
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** [start, end, start, end...] of the numbers a double would change; empty when JSON.parse is exact. */
export function inexactNumbers(text: string): number[] {
  const found: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i + 1);
      continue;
    }
    if (!isDigit(c) && c !== MINUS) {
      i++;
      continue;
    }
    const start = i;
    const whole = c === MINUS ? i + 1 : i;
    let j = digitsEnd(text, whole);
    let digits = j - whole;
    let inexact = false;
    if (text.charCodeAt(j) === POINT) {
      const fraction = j + 1;
      j = digitsEnd(text, fraction);
      digits += j - fraction;
      /** A fraction ending in 0 (853.80), or a value below 1e-6 (String() prints an exponent). */
      inexact =
        text.charCodeAt(j - 1) === ZERO ||
        (text.charCodeAt(whole) === ZERO && text.startsWith('000000', fraction));
    }
    if ((text.charCodeAt(j) | 0x20) === LOWER_E) {
      j++;
      if (text.charCodeAt(j) === PLUS || text.charCodeAt(j) === MINUS) j++;
      j = digitsEnd(text, j);
      inexact = true;
    }
    /** An integer or decimal of 16+ digits: a double keeps at most 15 significant digits (2^53 has 16). */
    if (inexact || digits >= 16) found.push(start, j);
    i = j;
  }
  return found;
}
