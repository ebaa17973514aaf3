// GraphiQL's page as paygraph serves it: yoga's inlined GraphiQL plus one style rule. GraphiQL's tabs
// are drag-sortable, and in a browser a tab could keep the transform of a reorder that never happened
// (seen in Chromium: every tab but the last stayed shifted, so a click on one landed on another and
// only the last could be chosen). Without the transform every tab is where it is drawn.
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';

const TAB_FIX = '<style>.graphiql-tab { transform: none !important; }</style>';

export function renderPaygraphGraphiQL(options: Parameters<typeof renderGraphiQL>[0]): string {
  const html = renderGraphiQL(options);
  return html.includes('</head>') ? html.replace('</head>', `${TAB_FIX}</head>`) : `${TAB_FIX}${html}`;
}
