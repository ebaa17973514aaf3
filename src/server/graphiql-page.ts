// GraphiQL's page as paygraph serves it: yoga's inlined GraphiQL plus one style rule (TAB_FIX).
// GraphiQL's bundle (about 9 MB of text) is loaded on the first page request, not at start-up.
import type { renderGraphiQL } from '@graphql-yoga/render-graphiql';

/**
 * GraphiQL's tabs are drag-sortable, and in a browser a tab could keep the transform of a reorder that never
 * happened (seen in Chromium: every tab but the last stayed shifted, so a click on one landed on another and
 * only the last could be chosen). Without the transform every tab is where it is drawn.
 */
const TAB_FIX = '<style>.graphiql-tab { transform: none !important; }</style>';

/**
 * The renderer module holds GraphiQL's whole bundle: importing it here, on the first page request, saves a
 * server that never serves the page its time and memory.
 */
export async function renderPaygraphGraphiQL(options: Parameters<typeof renderGraphiQL>[0]): Promise<string> {
  const { renderGraphiQL: render } = await import('@graphql-yoga/render-graphiql');
  const html = render(options);
  return html.includes('</head>') ? html.replace('</head>', `${TAB_FIX}</head>`) : `${TAB_FIX}${html}`;
}
