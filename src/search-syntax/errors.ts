// Errors of the search syntax. Handlers turn both into 400 responses; the messages are written for
// the API user and never contain anything but the query text they sent.

/** A malformed `query` or `order` text; `position` is the 0-based index into that text. */
export class SearchSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'SearchSyntaxError';
  }
}

/** A well-formed query naming a field the model does not have, or a value not of the field's type. */
export class SearchFieldError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'SearchFieldError';
  }
}
