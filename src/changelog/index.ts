export { fetchChangelog, type ChangelogAction, type ChangelogReport, type FetchChangelogOptions } from './fetch-changelog.js';
