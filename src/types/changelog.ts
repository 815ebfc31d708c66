import type * as z from 'zod/mini';
import type { changelogSchema } from '../models/changelog.js';
import type { Mudanca } from '../models/index.js';
import type { ChangelogAction, ChangelogReport, FetchChangelogOptions } from '../changelog/index.js';

/** The API's changelog: the `Changelog` record (this type), its entries and what `fetchChangelog` takes and gives. */
// Spelled as the record itself is, so the reference documentation shows its fields.
export type Changelog = z.output<ReturnType<typeof changelogSchema>>;

/** The API's changelog: the `Changelog` record (this type), its entries and what `fetchChangelog` takes and gives. */
export declare namespace Changelog {
  export { type Mudanca as Mudanca, type ChangelogAction as ChangelogAction, type ChangelogReport as ChangelogReport, type FetchChangelogOptions as FetchChangelogOptions };
}
