// Recursive-descent parser of the search query syntax (SPEC "Search query syntax"), one method per
// production: OR binds loosest, then AND (explicit or implicit), then the modifiers '-' and NOT.
// Connectives are the upper-case words only.
import { normalizeQuery, type Comparator, type QueryNode } from './ast';
import { SearchSyntaxError } from './errors';
import { describeAt, endsBareValue, endsName, isParen, isQuote, isWhitespace } from './lexicon';

type Keyword = 'AND' | 'OR' | 'NOT';

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parse(): QueryNode | null {
    this.skipWhitespace();
    if (this.atEnd()) return null;
    this.expectTermStart('at the start of the query');
    const node = this.parseOr();
    this.skipWhitespace();
    if (!this.atEnd()) {
      // parseOr stops only at the end or at a ')' it cannot close.
      throw this.error(this.pos, "unexpected ')' without a matching '('");
    }
    return normalizeQuery(node);
  }

  /** orExpr := andExpr (ws+ 'OR' ws+ andExpr)* */
  private parseOr(): QueryNode {
    const terms = [this.parseAnd()];
    while (this.peekConnective() === 'OR') {
      terms.push(this.parseAfterConnective('OR', () => this.parseAnd()));
    }
    return terms.length === 1 ? terms[0] : { kind: 'or', terms };
  }

  /**
   * andExpr := unary ((ws+ 'AND' ws+)? ws* unary)*: juxtaposition (whitespace or a parenthesis
   * between) is an implicit AND.
   */
  private parseAnd(): QueryNode {
    const terms = [this.parseUnary()];
    for (;;) {
      const connective = this.peekConnective();
      if (connective === 'OR' || connective === null) break;
      if (connective === 'AND') terms.push(this.parseAfterConnective('AND', () => this.parseUnary()));
      else terms.push(this.parseUnary());
    }
    return terms.length === 1 ? terms[0] : { kind: 'and', terms };
  }

  /** Consumes the connective at the current position and parses the operand that must follow it. */
  private parseAfterConnective(word: 'AND' | 'OR', operand: () => QueryNode): QueryNode {
    const at = this.pos;
    this.pos += word.length;
    this.skipWhitespace();
    this.expectTermStart(`after '${word}' at position ${at}`);
    return operand();
  }

  /**
   * Skips whitespace and says what comes next inside an and/or chain: null when the chain ends
   * (end of text or ')'), the connective, or 'TERM' for an implicitly AND-ed term.
   */
  private peekConnective(): 'AND' | 'OR' | 'TERM' | null {
    // A term ends at whitespace, a parenthesis or the end (parseTerm makes sure), so no separator check is needed.
    this.skipWhitespace();
    if (this.atEnd() || this.text[this.pos] === ')') return null;
    const word = this.keywordAt(this.pos);
    return word === 'AND' || word === 'OR' ? word : 'TERM';
  }

  /** unary := '-' unary | 'NOT' (ws+ | &'(') unary | primary */
  private parseUnary(): QueryNode {
    const ch = this.text[this.pos];
    if (ch === '-') {
      this.pos += 1;
      const next = this.text[this.pos];
      if (next === undefined || isWhitespace(next) || next === ')') {
        throw this.error(
          this.pos,
          `expected a term immediately after '-', found ${describeAt(this.text, this.pos)}`,
        );
      }
      return { kind: 'not', term: this.parseUnary() };
    }
    if (this.keywordAt(this.pos) === 'NOT') {
      const at = this.pos;
      this.pos += 3;
      this.skipWhitespace();
      this.expectTermStart(`after 'NOT' at position ${at}`);
      return { kind: 'not', term: this.parseUnary() };
    }
    if (ch === '(') return this.parseGroup();
    return this.parseTerm();
  }

  private parseGroup(): QueryNode {
    const open = this.pos;
    this.pos += 1;
    this.skipWhitespace();
    this.expectTermStart(`after '(' at position ${open}`);
    const node = this.parseOr();
    this.skipWhitespace();
    if (this.text[this.pos] !== ')') {
      throw this.error(
        open,
        `unbalanced parentheses: '(' at position ${open} is never closed (expected ')' before the end of the query)`,
      );
    }
    this.pos += 1;
    return node;
  }

  /** A field term: name comparator value?, where only ':*' takes no value. */
  private parseTerm(): QueryNode {
    const start = this.pos;
    while (!this.atEnd() && !endsName(this.text[this.pos])) this.pos += 1;
    const name = this.text.slice(start, this.pos);
    if (name === '')
      throw this.error(
        start,
        `expected a field name, '(' or a modifier, found ${describeAt(this.text, start)}`,
      );
    if (this.text[this.pos] !== ':') {
      throw this.error(
        this.pos,
        `expected a comparator (':', ':<', ':>', ':<=', ':>=', ':*' or ':~') after field name '${name}', found ${describeAt(this.text, this.pos)}`,
      );
    }
    const comparator = this.parseComparator();
    if (comparator === ':*') {
      const next = this.text[this.pos];
      if (next !== undefined && !isWhitespace(next) && !isParen(next)) {
        throw this.error(
          this.pos,
          `the comparator ':*' (is NULL) takes no value, found ${describeAt(this.text, this.pos)}`,
        );
      }
      return { kind: 'term', name, comparator };
    }
    return { kind: 'term', name, comparator, value: this.parseValue(comparator) };
  }

  /** Longest match of ':<=' | ':>=' | ':<' | ':>' | ':*' | ':~' | ':'. */
  private parseComparator(): Comparator {
    const a = this.text[this.pos + 1];
    const b = this.text[this.pos + 2];
    let comparator: Comparator = ':';
    if ((a === '<' || a === '>') && b === '=') comparator = a === '<' ? ':<=' : ':>=';
    else if (a === '<' || a === '>' || a === '*' || a === '~') comparator = `:${a}` as Comparator;
    this.pos += comparator.length;
    return comparator;
  }

  /**
   * value := (bare | quoted)+, the pieces written back to back concatenated; it must follow its
   * comparator directly. Because a value is mandatory here, a bare AND/OR/NOT is read as a value,
   * but canonical text (printQuery, quoteValue) quotes them.
   */
  private parseValue(comparator: Comparator): string {
    const start = this.pos;
    let value = '';
    let pieces = 0;
    while (!this.atEnd()) {
      const ch = this.text[this.pos];
      if (isQuote(ch)) value += this.parseQuoted();
      else if (!endsBareValue(ch)) {
        const from = this.pos;
        while (!this.atEnd() && !endsBareValue(this.text[this.pos])) this.pos += 1;
        value += this.text.slice(from, this.pos);
      } else break;
      pieces += 1;
    }
    if (pieces === 0) {
      throw this.error(
        start,
        `expected a value after the comparator '${comparator}', found ${describeAt(this.text, start)}`,
      );
    }
    return value;
  }

  /** '"' ... '"' or "'" ... "'"; a backslash escapes the enclosing quote or a backslash. */
  private parseQuoted(): string {
    const open = this.pos;
    const quote = this.text[open];
    let value = '';
    this.pos += 1;
    while (!this.atEnd()) {
      const ch = this.text[this.pos];
      if (ch === quote) {
        this.pos += 1;
        return value;
      }
      const next = this.text[this.pos + 1];
      if (ch === '\\' && (next === quote || next === '\\')) {
        value += next;
        this.pos += 2;
      } else {
        value += ch;
        this.pos += 1;
      }
    }
    throw this.error(open, `unterminated quoted value: the ${quote} at position ${open} is never closed`);
  }

  /** Fails unless a term (or group, or modifier) can start here. */
  private expectTermStart(context: string): void {
    const ch = this.text[this.pos];
    const word = this.keywordAt(this.pos);
    if (ch === undefined || ch === ')' || word === 'AND' || word === 'OR') {
      const found =
        word === 'AND' || word === 'OR' ? `connective '${word}'` : describeAt(this.text, this.pos);
      throw this.error(this.pos, `expected a term ${context}, found ${found}`);
    }
  }

  /** The keyword starting at `at`, when the word there is one (a following ':' makes it a name). */
  private keywordAt(at: number): Keyword | null {
    for (const word of ['AND', 'OR', 'NOT'] as const) {
      if (!this.text.startsWith(word, at)) continue;
      const after = this.text[at + word.length];
      if (after === undefined || isWhitespace(after) || isParen(after)) return word;
    }
    return null;
  }

  private skipWhitespace(): void {
    while (!this.atEnd() && isWhitespace(this.text[this.pos])) this.pos += 1;
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private error(position: number, what: string): SearchSyntaxError {
    return new SearchSyntaxError(`Invalid search query at position ${position}: ${what}`, position);
  }
}

/** Parses a search query into its normal form; null for empty or blank text. */
export function parseQuery(text: string): QueryNode | null {
  return new Parser(text).parse();
}
