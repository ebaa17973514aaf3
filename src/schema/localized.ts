// Localized text: REST sends it as a map of language code -> text (`{"en-US": "Basic Plan"}`); the
// graph offers every such field as one LocalizedString, whose `value` is the text in the caller's
// language (argument `language`, else the request's Accept-Language, else English, else any), and
// `translations` the whole map.
import type { GraphContext } from '../resolvers';
import { builder } from './builder';

export type LocalizedMap = Record<string, unknown>;

interface Translation {
  language: string;
  text: string;
}

const FALLBACK = 'en-US';

function translationsOf(map: LocalizedMap): Translation[] {
  return Object.entries(map)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([language, text]) => ({ language, text }));
}

function primary(tag: string): string {
  return tag.split('-')[0].toLowerCase();
}

/** The text for the first wanted language that matches exactly, else by its primary subtag (`de` ~ `de-CH`). */
export function pickTranslation(translations: Translation[], wanted: string[]): Translation | undefined {
  for (const want of [...wanted, FALLBACK]) {
    const exact = translations.find((t) => t.language.toLowerCase() === want.toLowerCase());
    if (exact) return exact;
    const near = translations.find((t) => primary(t.language) === primary(want));
    if (near) return near;
  }
  return translations[0];
}

const translationRef = builder.objectRef<Translation>('Translation').implement({
  description: 'One language of a localized text.',
  fields: (t) => ({
    language: t.exposeString('language', { description: 'The IETF language code (`de-CH`).' }),
    text: t.exposeString('text', { description: 'The text in that language.' }),
  }),
});

export const localizedStringRef = builder.objectRef<LocalizedMap>('LocalizedString').implement({
  description:
    'A text in several languages. `value` picks one: the `language` argument, else the languages of the request (Accept-Language), else English, else any; `translations` has them all.',
  fields: (t) => ({
    value: t.string({
      nullable: true,
      description: 'The text in the wanted language (the closest match; null when there is no text at all).',
      args: {
        language: t.arg.string({
          description: 'An IETF language code (`de-CH`, `fr`); default: the request Accept-Language.',
        }),
      },
      resolve: (map, args, ctx: GraphContext) => {
        const wanted = args.language ? [args.language] : ctx.languages;
        return pickTranslation(translationsOf(map), wanted)?.text ?? null;
      },
    }),
    language: t.string({
      nullable: true,
      description: 'The language `value` is given in, with the same argument.',
      args: { language: t.arg.string({ description: 'As for `value`.' }) },
      resolve: (map, args, ctx: GraphContext) => {
        const wanted = args.language ? [args.language] : ctx.languages;
        return pickTranslation(translationsOf(map), wanted)?.language ?? null;
      },
    }),
    translations: t.field({
      type: [translationRef],
      description: 'The text in every language it has.',
      resolve: (map) => translationsOf(map),
    }),
  }),
});

/** A REST localized text as handed to the LocalizedString type: a map as is, REST's list of
 *  `{language, string}` as a map; null when absent. */
export function localizedValue(value: unknown): LocalizedMap | null {
  if (Array.isArray(value)) {
    const entries = value
      .filter(
        (v): v is { language: string; string: string } =>
          typeof v === 'object' && v !== null && typeof (v as { language?: unknown }).language === 'string',
      )
      .map((v) => [v.language, v.string]);
    return Object.fromEntries(entries) as LocalizedMap;
  }
  return typeof value === 'object' && value !== null ? (value as LocalizedMap) : null;
}
