// One line per tag of the document: a tag is the first part of an operation's id (its SDK resource),
// plus `webhooks`. A tag the table gains without a line here fails the document's tests.

/** What each tag groups, for a reader of the document (Redocly and Spectral ask for one). */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  conta: "The partner's account and the integration behind the token.",
  produtos: "The supplier's catalog: products with wholesale prices, suggested prices and the stock of each size.",
  categorias: "The catalog's categories.",
  numeracoes: 'The sizes the catalog uses.',
  clientes: "The partner's customer book, which orders can be sent to.",
  pedidos: 'Orders: creation (Idempotency-Key required), validation, sale values, tracking codes, payment proofs and expenses.',
  financeiro: "The partner's balance and ledger.",
  etiquetas: 'Shipping labels through the label provider the partner connects: connection state, quotes, issue, list and cancel.',
  lojaHub: "The partner's storefront: configuration, publication, product selection, appearance, banners and logo.",
  sandbox: "Simulators of the supplier's side, served only by the sandbox (a production token is refused before sending).",
  webhooks: 'Notices the supplier sends to the address the partner registers in the panel, retried until a 2xx.',
};
