import type { CommandContext, CommandTarget, PaletteItem, PaletteSource, TargetKind } from './types';

/** The id lookups start at four characters, as the transactions' does. */
export const ID_LOOKUP_MIN_LENGTH = 4;

export interface IdLookup<T> {
  /** The picker step it feeds (the target kind of its 'Find …' command). */
  kind: TargetKind;
  /** 'MID', 'Route': in 'Open <id>' subtitles. */
  noun: string;
  /** The heading its hits are listed under. */
  group: string;
  find: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  idOf: (item: T) => string;
  titleOf: (item: T) => string;
  /** The second part of the subtitle ('ADY-1'), after the noun. */
  summaryOf: (item: T) => string;
  /** The owner line: the merchant it belongs to. */
  detailOf: (item: T) => string;
  pathOf: (item: T) => string;
  targetOf: (item: T) => CommandTarget;
}

/**
 * A record found by a pasted or typed id, in the palette: at the root, 'Open <id>' for a whole id (straight to its
 * detail) and the records whose id starts with the text; and the picker step of its 'Find …' command.
 */
export function idLookupSources<T>(lookup: IdLookup<T>): PaletteSource[] {
  return [
    {
      id: `${lookup.kind}:open`,
      minQueryLength: ID_LOOKUP_MIN_LENGTH,
      search: async (query, _ctx, signal) => {
        const text = query.trim().toLowerCase();
        return (await lookup.find(text, signal)).map((item): PaletteItem => {
          const id = lookup.idOf(item);
          const exact = id === text;
          return {
            id: exact ? `open-${lookup.kind}:${id}` : `${lookup.kind}:${id}`,
            title: exact ? `Open ${id}` : lookup.titleOf(item),
            subtitle: exact
              ? `${lookup.noun} · ${lookup.titleOf(item)} · ${lookup.summaryOf(item)}`
              : `${lookup.noun} · ${lookup.summaryOf(item)}`,
            detail: lookup.detailOf(item),
            group: exact ? 'Open' : lookup.group,
            onSelect: (context: CommandContext) => context.navigate(lookup.pathOf(item)),
          };
        });
      },
    },
    {
      id: `${lookup.kind}:picker`,
      page: lookup.kind,
      minQueryLength: ID_LOOKUP_MIN_LENGTH,
      search: async (query, _ctx, signal) =>
        (await lookup.find(query.trim().toLowerCase(), signal)).map(
          (item): PaletteItem => ({
            id: `pick-${lookup.kind}:${lookup.idOf(item)}`,
            title: lookup.titleOf(item),
            subtitle: `${lookup.idOf(item)} · ${lookup.summaryOf(item)}`,
            detail: lookup.detailOf(item),
            group: lookup.group,
            target: lookup.targetOf(item),
            onSelect: () => undefined,
          }),
        ),
    },
  ];
}
