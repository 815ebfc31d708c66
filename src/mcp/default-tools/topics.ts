/** @internal One short piece of the docs a model can find with `search` (the same rules docs/mcp.md states). */
export interface Topic {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** @internal The guide an agent needs besides the operations themselves. */
export const TOPICS: readonly Topic[] = [
  {
    id: 'topic.start',
    title: 'How to use these tools',
    text: 'search finds an operation by words; describe gives its input, output, errors and an example; execute runs it with { operation, input, fields }. Ask for only the fields the question needs.',
  },
  {
    id: 'topic.pages',
    title: 'Lists and pages',
    text: 'A list answers ONE page: dados, proximoCursor, temMais. limite is 1 to 100 (20 by default); pass proximoCursor as cursor to read the next page, only as far as the question needs: each page spends the rate budget.',
  },
  {
    id: 'topic.fields',
    title: 'Projecting answers with fields',
    text: 'fields keeps only the paths asked for: ["sku", "numeracoes[numeracao=38].estoque"]. Dots go into objects; [campo=valor] keeps the array elements whose campo equals valor; on a list each item is projected.',
  },
  {
    id: 'topic.money',
    title: 'Money, dates and sizes',
    text: 'Money is a decimal string with two places ("129.90"), never a float. Dates are ISO 8601 with an offset. A size (numeracao) is a string such as "38"; its stock is estoque.',
  },
  {
    id: 'topic.idempotency',
    title: 'Writes, idempotency keys and replays',
    text: 'A creation answers the idempotencyKey it sent. After a failure or a lost answer, call again with that same idempotencyKey in input: the server answers the first result (idempotentReplayed) and does the work once. Never retry a write with a new key.',
  },
  {
    id: 'topic.errors',
    title: 'Errors',
    text: 'A failed call answers isError with codigo, mensagem and fix: follow fix. INVALID_INPUT names each bad field in issues and nothing was sent. LIMITE_EXCEDIDO means wait retryAfterMs.',
  },
  {
    id: 'topic.budget',
    title: 'Rate budget',
    text: "Every API call spends the partner's rate budget (shared with their other processes), at interactive priority. Read what the question needs; prefer the mirror for catalog questions.",
  },
  {
    id: 'topic.mirror',
    title: 'The catalog mirror',
    text: 'With a mirror, produtos.obter, produtos.estoque, mirror.catalog and mirror.status answer from a local copy at zero API calls, with source "mirror" and its watermark and lagMs: mention them when freshness matters.',
  },
  {
    id: 'topic.writes',
    title: 'Which operations can run here',
    text: 'Reads always run. Writes need the server started with --allow-writes (and --allow-production-writes with a production token); sandbox simulators need a sandbox token; uploads never run as tools. describe says whether an operation is offered and why not.',
  },
  {
    id: 'topic.orders',
    title: 'Orders: items, sizes and sale values',
    text: 'An order is created from itens (sku, numeracao, quantidade) with enviarPara; validate it first with pedidos.validar. Each item has an id that pedidos.definirValorVenda takes; labels need the sale values.',
  },
];
