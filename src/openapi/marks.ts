/** The prefix of the document's own marks (`x-partner-commerce-path-source`). */
export const MARK = 'x-partner-commerce';
