export { fetchChangelog, type AcaoNecessaria, type ChangelogAcoes, type FetchChangelogOptions } from './fetch-changelog.js';
