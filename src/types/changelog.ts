import type { Changelog as ChangelogType, Mudanca } from '../models/index.js';
import type { ChangelogAction, ChangelogReport, FetchChangelogOptions } from '../changelog/index.js';

/** The API's changelog: the `Changelog` record (this type), its entries and what `fetchChangelog` takes and gives. */
export type Changelog = ChangelogType;

/** The API's changelog: the `Changelog` record (this type), its entries and what `fetchChangelog` takes and gives. */
export declare namespace Changelog {
  export {
    type Mudanca as Mudanca,
    type ChangelogAction as ChangelogAction,
    type ChangelogReport as ChangelogReport,
    type FetchChangelogOptions as FetchChangelogOptions,
  };
}
