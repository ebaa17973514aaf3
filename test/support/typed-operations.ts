// Tests run their fixed operations as TypedDocumentNode documents generated from test/operations
// (graphql-codegen): the variables a test passes are checked against the operation's, and the data it
// gets back carries the operation's result type, so a schema change that breaks one fails typecheck.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

type Variables = Record<string, unknown>;

/** The text and variables of a typed operation, for a client that sends text (graphql-sse, graphql-ws, fetch). */
export function typedRequest<Result, Vars extends Variables>(
  document: TypedDocumentNode<Result, Vars>,
  variables: Vars,
): { query: string; variables: Vars } {
  return { query: print(document), variables };
}

/** Something that runs an operation given as text: the in-process test harness. */
interface TextRunner<Options, Answer extends { data: unknown }> {
  run(query: string, variables?: Variables, options?: Options): Promise<Answer>;
}

/** Runs a typed operation through a runner that takes text; the answer's data has the operation's type. */
export async function runTyped<Result, Vars extends Variables, Options, Answer extends { data: unknown }>(
  runner: TextRunner<Options, Answer>,
  document: TypedDocumentNode<Result, Vars>,
  variables: Vars,
  options?: Options,
): Promise<Omit<Answer, 'data'> & { data: Result | null | undefined }> {
  const answer = await runner.run(print(document), variables, options);
  return { ...answer, data: answer.data as Result | null | undefined };
}
