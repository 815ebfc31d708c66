import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/** Kinds of change in the API's changelog. */
export const TIPOS_MUDANCA = ['novo', 'alterado', 'corrigido', 'descontinuado', 'removido', 'seguranca'] as const;

/** One change of a release. */
export const mudancaSchema = once(() =>
  z.looseObject({
    tipo: z.string(),
    area: z.string(),
    texto: z.string(),
    /** What the partner must do, or null. */
    acao: z.nullable(z.string()),
    quebra: z.boolean(),
    link: z.string(),
  }),
);

/** The changelog JSON published at {docs_url}/changelog.json. */
export const changelogSchema = once(() =>
  z.looseObject({
    tipos: z.record(z.string(), z.string()),
    releases: z.array(
      z.looseObject({
        versao: z.string(),
        /** Null while the release is unpublished. */
        data: z.nullable(z.string()),
        titulo: z.string(),
        resumo: z.string(),
        mudancas: z.array(mudancaSchema()),
      }),
    ),
  }),
);

/** One change of a release. */
export type Mudanca = z.output<ReturnType<typeof mudancaSchema>>;
/** The API changelog. */
export type Changelog = z.output<ReturnType<typeof changelogSchema>>;
