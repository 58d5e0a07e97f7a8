// The query language of issue 26 (key:value search over the lists): tokenizer, parser, printer, per-list keys.
export {
  type Completion,
  type CompletionContext,
  type CompletionItem,
  completeQuery,
  MAX_COMPLETION_ITEMS,
} from './complete-query';
export { closest, editDistance, MAX_QUERY_LENGTH, type QueryError, type QueryErrorCode } from './errors';
export { type KeyHelp, keyHelp, QUERY_SYNTAX_HELP } from './key-help';
export * from './key-spec';
export { type ParsedQuery, parseQuery, type QueryContext } from './parse-query';
export { type PrintedQuery, printQuery, quoteValue } from './print-query';
export * from './registries';
export { type QueryToken, tokenize } from './tokenize';
