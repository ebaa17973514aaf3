// The HTML of the checkout pages: one small document shape, every value escaped, no external assets
// (inline styles only; the one script a page may carry is allowed by its nonce).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value -> HTML that shows it literally. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A string as a JavaScript literal that is also safe inside HTML (no `</script>` can end it). */
export function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Marks a string as HTML built by these helpers, so that `html` does not escape it again. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Tagged template: interpolated values are escaped unless they are `Html` (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const part = (v: unknown): string =>
    v instanceof Html ? v.text : Array.isArray(v) ? v.map(part).join('') : escapeHtml(v);
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), ''));
}

const STYLE = `
body { font: 16px/1.4 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 24px 28px;
  box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #6b7280; font-size: 13px; }
table { width: 100%; border-collapse: collapse; margin: 12px 0; font-size: 14px; }
td { padding: 3px 0; } td.amount { text-align: right; } tr.total td { border-top: 1px solid #d1d5db; font-weight: 600; }
label { display: block; font-size: 13px; margin: 10px 0 2px; }
input { box-sizing: border-box; width: 100%; padding: 8px; font-size: 15px; border: 1px solid #9ca3af; border-radius: 4px; }
.row { display: flex; gap: 12px; } .row > div { flex: 1; }
button { margin-top: 16px; width: 100%; padding: 10px; font-size: 16px; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: #b91c1c; }
.error { background: #fee2e2; color: #991b1b; padding: 8px 10px; border-radius: 4px; margin: 12px 0; font-size: 14px; }
.cards { font-size: 12px; color: #4b5563; margin-top: 14px; } .cards code { font-size: 12px; }
.badge { display: inline-block; font-size: 12px; background: #fef3c7; color: #92400e; padding: 1px 6px; border-radius: 3px; }`;

export interface Document {
  status: number;
  title: string;
  body: Html;
  /** An inline script, allowed by a fresh nonce. */
  script?: string;
  headers?: Record<string, string>;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  // The URL carries the security token: it must not travel to the shop's pages in a Referer.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export function writeDocument(res: ServerResponse, doc: Document): void {
  const nonce = randomBytes(12).toString('base64');
  const script = doc.script
    ? html`<script nonce="${nonce}">
        ${new Html(doc.script)};
      </script>`
    : '';
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.title} · paygraph sandbox</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <main>
          ${doc.body}
          <p class="muted">paygraph sandbox: test payments only, no money moves.</p>
        </main>
        ${script}
      </body>
    </html>`;
  res.writeHead(doc.status, {
    ...doc.headers,
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'`,
  });
  res.end(page.text);
}

export function writeRedirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { ...SECURITY_HEADERS, location });
  res.end();
}

export function writeScript(res: ServerResponse, source: string): void {
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/javascript; charset=utf-8' });
  res.end(source);
}
