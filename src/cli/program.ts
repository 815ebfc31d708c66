import { Argument, Command, CommanderError, Option } from 'commander';
import { ApiError, InvalidInputError, PartnerCommerceError, VERSION } from '../index.js';
import { changelogCommand } from './commands/changelog.js';
import { optionNames, refuseUnknownOptions } from '../errors/check-options.js';
import { COMPLETION_SHELLS, completionCommand, type CompletionShell } from './commands/completion.js';
import { doctorCommand } from './commands/doctor.js';
import { loginCommand, logoutCommand } from './commands/login.js';
import { mcpCommand } from './commands/mcp.js';
import { mcpInstallCommand } from './commands/mcp-install.js';
import { HOSTS } from './mcp/host-config.js';
import { DEFAULT_MIRROR_DIR, mirrorCommand, type CliTerminal } from './commands/mirror.js';
import { mirrorServeCommand } from './commands/mirror-serve.js';
import { requestCommand } from './commands/request.js';
import { sandboxCommand } from './commands/sandbox.js';
import { triggerCommand } from './commands/trigger.js';
import { deadLettersCommand, replayFailedCommand } from './commands/webhooks.js';
import { CliFailure, EXIT, type ExitCode } from './exit-codes.js';
import { readHiddenLine } from './hidden-input.js';
import { guardedIo, processIo, writeLines, type CliIo, type OutputSecrets } from './output.js';
import { settleToken } from './token-source.js';
import { TRIGGERABLE_EVENTS } from './trigger.js';

/** How {@link runCli} reaches the outside world; tests pass their own. */
export interface CliContext {
  io?: CliIo | undefined;
  /** Resolves when the command must stop (Ctrl-C). @default the first SIGINT or SIGTERM */
  stopped?: Promise<void> | undefined;
  /** Standard input, for `request --body -`. */
  readStdin?: (() => Promise<string>) | undefined;
  /** Where `mirror` redraws its progress line. @default standard error (redrawn only when it is a terminal) */
  terminal?: CliTerminal | undefined;
  /** The token `login` keeps. @default standard input, typed hidden when it is a terminal */
  readToken?: (() => Promise<string>) | undefined;
  /** Where PARTNER_COMMERCE_TOKEN and the profile's folder (XDG_CONFIG_HOME, HOME) are read. @default process.env */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

const TOKEN_HELP = [
  '',
  'The access token of a command is the first found of: --token (warns: every local user sees it in ps),',
  '--token-stdin, PARTNER_COMMERCE_TOKEN, the profile partner-commerce login wrote',
  '($XDG_CONFIG_HOME/partner-commerce/profile.json, else ~/.config/partner-commerce/profile.json;',
  'refused when another user owns it or others can read it). doctor says which one it used.',
].join('\n');

/**
 * `--token`, `--token-stdin`, `--base-url` and `--json` (saying `json`). `tokenStdin: false` leaves out
 * `--token-stdin`, for a command whose standard input is not its own (mcp's carries the protocol).
 */
const connection = (cmd: Command, json = 'one JSON document on standard output, for scripts', { tokenStdin = true } = {}): Command => {
  const prefer = tokenStdin ? '--token-stdin, PARTNER_COMMERCE_TOKEN or login' : 'PARTNER_COMMERCE_TOKEN or login';
  cmd.addOption(new Option('--token <token>', `access token (never printed, but every local user sees it in ps: prefer ${prefer})`).env('PARTNER_COMMERCE_TOKEN'));
  if (tokenStdin) cmd.option('--token-stdin', 'read the access token from standard input');
  return cmd.addOption(new Option('--base-url <url>', 'environment root, without /v1').env('PARTNER_COMMERCE_BASE_URL')).option('--json', json);
};

const CONTEXT_NAMES = optionNames<CliContext>({ env: 1, io: 1, readStdin: 1, readToken: 1, stopped: 1, terminal: 1 });

/** Runs the `partner-commerce` command line with `argv` (without node and the script) and returns its exit code. */
export async function runCli(argv: readonly string[], context: CliContext = {}): Promise<ExitCode> {
  refuseUnknownOptions(context, CONTEXT_NAMES, 'runCli');
  // Filled in before the command runs (preAction), when its options are known.
  const secrets: OutputSecrets = { redactTokens: false, values: new Set() };
  const io = guardedIo(context.io ?? processIo, secrets);
  const stopped = context.stopped ?? untilSignal();
  const readStdin = context.readStdin ?? readAllStdin;
  const env = context.env ?? process.env;
  const terminal = context.terminal ?? { isTTY: process.stderr.isTTY === true, write: (text: string) => void process.stderr.write(text) };
  // A command that decides its own exit code (mirror: interrupted) sets it here.
  let code: ExitCode = EXIT.ok;
  const program = new Command('partner-commerce')
    .description('Command line of the partner-commerce SDK: a local sandbox, integration checks, events on demand, the catalog mirror and raw calls.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => writeLines(io.out, s.trimEnd()), writeErr: (s) => writeLines(io.err, s.trimEnd()) })
    .showHelpAfterError()
    .addHelpText('after', TOKEN_HELP);
  // The token of every command that calls the API, with where it came from (doctor says it); then
  // output hides it, and anything token-shaped a server echoes.
  program.hook('preAction', async (_program, action) => {
    if (!action.options.some((o) => o.long === '--token')) return;
    secrets.redactTokens = true;
    await settleToken(action, io, readStdin, env);
    const token: unknown = action.opts()['token'];
    if (typeof token === 'string' && token.trim() !== '') secrets.values.add(token.trim());
  });

  program
    .command('sandbox')
    .description('serve the fake sandbox API on loopback, print each notice and forward it to your receiver')
    .option('--port <port>', 'port on 127.0.0.1 (0 = any free port)', '0')
    .option('--catalog-size <n>', 'products in the catalog')
    .option('--rate-limit <limit>', 'N/window like 60/60s, or off')
    .option('--stock-delay <duration>', 'delay of stock notices, e.g. 60s (the spec: about a minute)')
    .option('--send-nulls', 'send null for every optional field a record lacks, in answers and notices')
    .option('--drop <share>', 'notices lost on the way, e.g. 5%')
    .option('--duplicate <share>', 'notices delivered twice (same id), e.g. 5%')
    .option('--delay <share>', 'notices held back --fault-delay, e.g. 10%')
    .option('--reorder <share>', 'notices delivered after the next one, e.g. 10%')
    .option('--fault-delay <duration>', 'how long a delayed notice or a duplicate waits (default 30s)')
    .option('--fault-seed <seed>', 'seed of the fault draws (one seed, one run)')
    .option('--forward-to <url...>', 'POST every notice to each URL, signed, with retries; redirects are not followed')
    .option('--events <kinds>', 'only these event kinds, comma-separated, e.g. pedido.criado,pedido.status_alterado')
    .addOption(
      new Option('--secret <secret>', 'signing secret (default: kept in the journal folder); twice to rotate: notices carry a signature for each, the current one first')
        .env('PARTNER_COMMERCE_SANDBOX_SECRET')
        .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .option('--print-secret', 'print the signing secret(s), one per line, and exit (for CI; with --json also the control secret)')
    .option('--journal-dir <dir>', 'folder of the journal and secrets, private to you (default: ~/.local/state/partner-commerce/sandbox)')
    .option('--replay', 'deliver the journaled notices again to --forward-to, then exit')
    .option('--since <duration>', 'with --replay: how far back, e.g. 10m', '1h')
    .option('--json', 'JSON lines on standard output')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce sandbox --forward-to http://localhost:3000/webhooks',
        '  npx partner-commerce sandbox --forward-to http://localhost:3000/webhooks http://localhost:4000/hooks --events pedido.criado,produto.lote',
        '  npx partner-commerce sandbox --catalog-size 2000 --rate-limit 600/60s --stock-delay 5s',
        '  npx partner-commerce sandbox --send-nulls --drop 5% --duplicate 5% --reorder 10% --fault-seed 1',
        '  npx partner-commerce sandbox --replay --since 10m --forward-to http://localhost:3000/webhooks',
        '',
        "Forwarded notices are signed by the testing kit's scheme (header x-fake-signature): verify them with",
        'webhookSignatureVerifier(secret) from partner-commerce/testing (signatures over 5 minutes old are refused).',
        'The banner prints the signing secret, and the control secret trigger needs for product events',
        '(PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET). Only loopback Host names are answered.',
      ].join('\n'),
    )
    .action((flags) => sandboxCommand(flags, io, stopped));

  connection(program.command('doctor'))
    .description('check an integration end to end; exits non-zero when something blocks')
    .option('--needs <permissions>', 'permissions your code needs, comma-separated (default: the five read permissions)')
    .option('--environment <environment>', 'sandbox or production: the environment the token must be for')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  PARTNER_COMMERCE_TOKEN=svc_sbx_... PARTNER_COMMERCE_BASE_URL=https://... npx partner-commerce doctor',
        '  npx partner-commerce doctor --environment production --needs pedidos:ler,produtos:ler --json',
        '',
        'Checks: token (present, of the expected environment), base URL, connectivity and TLS, permissions',
        '(GET /v1/eu against --needs), profile (fichaCompleta), label provider, storefront (publicacao),',
        'API terms (Aviso-Termos-Api), deprecations (Deprecation/Sunset seen), rate budget (X-RateLimit-*).',
        'Exit 1 when a check blocks (✗); warnings (!) do not change the exit code.',
      ].join('\n'),
    )
    .action((flags) => doctorCommand(flags, io));

  connection(program.command('trigger').addArgument(new Argument('<evento>', 'the event to cause').choices(TRIGGERABLE_EVENTS)))
    .description('cause an event in the sandbox, creating what it needs (an order, a proof, a label); product events against the local sandbox')
    .option('--pedido <id>', 'the order to act on (default: create one)')
    .option('--status <status>', 'new order or label status')
    .option('--etiqueta <id>', 'the label to act on (default: issue one for --pedido or a new order)')
    .option('--valor <money>', 'ledger entry amount, e.g. 150.00')
    .option('--descricao <text>', 'ledger entry text')
    .option('--sku <sku>', 'product for a stock change')
    .option('--numeracao <size>', 'size for a stock change')
    .option('--estoque <n>', 'new stock of the size')
    .option('--codigo <code>', 'tracking code to add')
    .option('--count <n>', 'product events: notices to cause (produto.lote: lotes)')
    .option('--itens <n>', 'produto.lote: items per lote (default 10)')
    .option('--shuffle', 'product events: deliver the notices out of order')
    .option('--dup <share>', 'product events: share of notices delivered twice, e.g. 5%')
    .option('--seed <seed>', 'product events: seed of generated values, shuffle and duplicates')
    .option('--titulo <text>', 'product events: new title')
    .option('--preco-atacado <money>', 'product events: new wholesale price, e.g. 129.90')
    .option('--preco-sugerido <money>', 'product events: new suggested price')
    .option('--dados <json>', 'produto.criado: Product fields; produto.categorias_alteradas: categorias, estilos, tags')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce trigger pedido.status_alterado --status PAGO',
        '  npx partner-commerce trigger financeiro.lancamento_criado --valor 150.00',
        '  npx partner-commerce trigger etiqueta.status_alterado --status DESPACHADA   # issues a label first',
        '  npx partner-commerce trigger produto.estoque_atualizado --sku SKU-0001 --numeracao 36 --estoque 0',
        '',
        'Against the local sandbox (npx partner-commerce sandbox) only, through its catalog:',
        '  npx partner-commerce trigger produto.preco_atualizado --count 500 --shuffle --dup 5%',
        '  npx partner-commerce trigger produto.preco_atualizado --sku SKU-0001 --preco-atacado 99.90',
        '  npx partner-commerce trigger produto.lote --count 3 --itens 50',
        '  npx partner-commerce trigger produto.criado --dados \'{"titulo":"Sandália Nova","precoAtacado":"79.90"}\'',
        '',
        'Values are checked against the Product schema before anything is sent (exit 2 naming the field).',
      ].join('\n'),
    )
    .action((evento: string, flags) => triggerCommand(evento, flags, io));

  connection(program.command('request').argument('<method>', 'GET, POST, PUT, PATCH or DELETE').argument('<path>', 'e.g. /v1/conta'))
    .description('any call through the SDK pipeline (limits, retries, errors), pretty JSON out')
    .option('--body <json>', 'JSON body, or - to read standard input')
    .option('--query <name=value...>', 'query parameters')
    .option('--idempotency-key <key>', 'Idempotency-Key to send')
    .option('--paginate', 'GET every page of a list (cursor after cursor) and print its items as JSON lines')
    .option('-i, --include', 'show the status and headers of each answer (with --json: a headers object)')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce request GET /v1/produtos --query limite=5',
        '  npx partner-commerce request GET /v1/produtos --query limite=100 --paginate > produtos.jsonl',
        '  npx partner-commerce request GET /v1/conta -i',
        '  echo \'{"itens":[...]}\' | npx partner-commerce request POST /v1/pedidos --body -',
      ].join('\n'),
    )
    .action((method: string, path: string, flags) => requestCommand(method, path, flags, io, readStdin));

  const mirror = connection(program.command('mirror'), 'JSON lines on standard output (one per page, warning and result), for scripts')
    // `mirror serve --dir x`: options after the subcommand are serve's own, not mirror's of the same name.
    .enablePositionalOptions()
    .description('mirror the catalog: backfill with progress (resumable), then follow until Ctrl-C')
    .option('--dir <folder>', `folder of the embedded store (SQLite on Node 22.13+, else PGlite; a folder keeps its engine) (default: ${DEFAULT_MIRROR_DIR})`)
    .addOption(new Option('--postgres <url>', 'a Postgres database instead of the folder').env('PARTNER_COMMERCE_MIRROR_POSTGRES'))
    .option('--interval <duration>', 'time between follows', '60s')
    .option('--once', 'stop after the backfill (if needed) and one follow')
    .option('--audit <share>', 'after the first follow, re-read the catalog and repair drift within this share of the rate budget (10% or 0.1)')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce mirror                              # ./.partner-commerce/mirror, follow every 60 s',
        '  npx partner-commerce mirror --dir ./espelho --once --json',
        '  npx partner-commerce mirror --once --audit 10%                # then a drift audit at 10% of the budget',
        '  npx partner-commerce mirror --postgres postgres://app@localhost:5432/loja --interval 30s',
        '',
        "Progress (pages, products against the last scan's count, rate budget left) is a redrawn line on a terminal, plain lines otherwise,",
        'JSON lines with --json. Ctrl-C during the backfill keeps its checkpoint and exits 130; the next run',
        'resumes after the last stored page. Ctrl-C while following exits 0.',
      ].join('\n'),
    )
    .action(async (flags) => void (code = await mirrorCommand(flags, io, stopped, terminal)));

  connection(mirror.command('serve'), 'JSON lines on standard output (the URL once serving), for scripts')
    .description("serve the mirror's change feed over HTTP (Durable Streams read protocol) on loopback, following the API meanwhile")
    .option('--dir <folder>', `folder of the embedded store (default: ${DEFAULT_MIRROR_DIR})`)
    .addOption(new Option('--postgres <url>', 'a Postgres database instead of the folder').env('PARTNER_COMMERCE_MIRROR_POSTGRES'))
    .option('--host <address>', 'address to bind; beyond loopback needs --feed-token', '127.0.0.1')
    .option('--port <port>', 'port to bind (0 = any free port)', '4437')
    .addOption(new Option('--feed-token <token>', 'Bearer token every reader must send (16+ characters; required beyond loopback)').env('PARTNER_COMMERCE_MIRROR_FEED_TOKEN'))
    .option('--interval <duration>', 'time between follows', '60s')
    .option('--no-sync', 'serve what the store holds; call no API')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce mirror serve                          # http://127.0.0.1:4437/feed, follow every 60 s',
        '  npx partner-commerce mirror serve --dir ./espelho --no-sync',
        '  PARTNER_COMMERCE_MIRROR_FEED_TOKEN=... npx partner-commerce mirror serve --postgres postgres://app@db/loja --host 0.0.0.0',
        '',
        'Read it with readMirrorFeed(url, { from }) of partner-commerce/mirror, or any Durable Streams client:',
        '  curl "http://127.0.0.1:4437/feed?offset=-1"',
      ].join('\n'),
    )
    .action(async (flags) => void (code = await mirrorServeCommand(flags, io, stopped)));

  const mcp = connection(program.command('mcp'), 'the startup notice on standard error as one JSON line (standard output carries only MCP messages)', { tokenStdin: false })
    .description("serve the SDK's operations as MCP tools for AI assistants: stdio, or Streamable HTTP on loopback")
    .option('--http <port>', 'serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio (loopback only)')
    .option('--allow-writes', 'offer the write tools (orders, customers, labels...); with a sandbox token only, unless --allow-production-writes')
    .option('--allow-production-writes', 'with --allow-writes: offer them with a production token too')
    .option('--mirror-dir <folder>', 'answer catalog and stock tools from this embedded mirror (filled by partner-commerce mirror --dir), at zero API calls')
    .option('--mirror-postgres <url>', 'the same, from a Postgres mirror')
    .option('--allow-scripts', 'add execute_script: the model runs a short JavaScript body against the operations in a locked-down process (docs/mcp.md, "Code mode")')
    .option('--tools <list>', "list these tools instead of search, describe and execute: 'all' (one per operation), or names and resources, comma-separated (pedidos,produtos_obter)")
    .addHelpText(
      'after',
      [
        '',
        'For agents: three tools reach every operation. Call search with words of the question, describe the',
        'operation it finds (input, output, errors, an example), then execute it with only the fields you need',
        '(fields: ["sku","numeracoes[numeracao=38].estoque"]). Lists answer one page; follow proximoCursor only as far as needed.',
        '',
        'Examples:',
        '  npx partner-commerce mcp                                   # stdio: search, describe, execute (reads only)',
        '  npx partner-commerce mcp --tools all                       # one tool per operation instead',
        '  npx partner-commerce mcp --tools pedidos,search            # the order tools and search',
        '  npx partner-commerce mcp --mirror-dir .partner-commerce/mirror',
        '  npx partner-commerce mcp --allow-writes                    # sandbox token: write tools too',
        '  npx partner-commerce mcp --http 3333                       # http://127.0.0.1:3333/mcp',
        '',
        'Standard output carries only MCP messages; logs go to standard error. The mirror is only read: with',
        '--mirror-postgres, run partner-commerce mirror beside it to keep it current; a --mirror-dir folder is one',
        "process's at a time, so run partner-commerce mirror --once while mcp is stopped. Needs the package",
        '@modelcontextprotocol/sdk. See docs/mcp.md.',
      ].join('\n'),
    )
    .action((flags) => mcpCommand(flags, io, stopped));

  // `mcp`'s own flags only before `install`: after it, `--allow-writes` and `--mirror-dir` are install's.
  // Commander hands a subcommand's flags to its parent unless every command above it is positional
  // too; the program has no flags of its own but --version and --help, which stay first.
  program.enablePositionalOptions();
  mcp.enablePositionalOptions();
  connection(mcp.command('install'), 'one JSON document on standard output: { client, path, written, config? }')
    .description("print (or write, with --write) an MCP host's configuration for partner-commerce mcp; a token is never printed")
    .addOption(new Option('--client <host>', 'the MCP host').choices(HOSTS).makeOptionMandatory())
    .option('--write', "merge it into the host's file (Claude Desktop's and Cursor's of your user, VS Code's .vscode/mcp.json here)")
    .option('--config <file>', "the file to write instead of the host's usual one")
    .option('--name <name>', 'the server name in the host', 'partner-commerce')
    .option('--mirror-dir <folder>', 'add --mirror-dir <folder> (made absolute) to the server')
    .option('--allow-writes', 'add --allow-writes to the server')
    .addHelpText(
      'after',
      [
        '',
        'Only a sandbox token (svc_sbx_) is ever written into a host file; another token is never written:',
        'VS Code asks for it when it starts the server, Claude Desktop and Cursor need it set in the entry by you.',
        '',
        'Examples:',
        '  npx partner-commerce mcp install --client claude            # print the configuration to paste',
        '  npx partner-commerce mcp install --client vscode --write    # write .vscode/mcp.json here',
      ].join('\n'),
    )
    .action((flags) => mcpInstallCommand(flags, io, env));

  const webhooks = program.command('webhooks').description("your webhook handler's dead letters: notices whose handler threw, kept by its deadLetters store");
  const handlerFlag = '<module>[#export] of an ES module exporting your handler (createWebhookHandler with deadLetters and dedupe); export default, else handler';
  webhooks
    .command('replay-failed')
    .description('run the dead letters again through your handler, each id at most once (the dedupe store decides); exit 1 if any failed again')
    .requiredOption('--handler <module>', handlerFlag)
    .option('--limit <n>', 'at most this many dead letters')
    .option('--json', 'JSON lines: one per notice, then a summary')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce webhooks replay-failed --handler ./dist/webhooks.js',
        '  npx partner-commerce webhooks replay-failed --handler ./dist/app.js#webhookHandler --limit 50 --json',
        '',
        'Signatures are not checked again: the bodies were verified when they were recorded, so keep the',
        'dead-letter store as trusted as the dedupe store. See docs/webhooks.md, "Dead letters".',
      ].join('\n'),
    )
    .action(async (flags) => void (code = await replayFailedCommand(flags, io, stopped)));
  webhooks
    .command('dead-letters')
    .description('list the dead letters of your handler (without their bodies), or prune them by age')
    .requiredOption('--handler <module>', handlerFlag)
    .option('--limit <n>', 'at most this many (default 100)')
    .option('--prune <duration>', 'remove those whose last failure is older than this, e.g. 7d')
    .option('--json', 'JSON lines, one per dead letter')
    .addHelpText(
      'after',
      ['', 'Examples:', '  npx partner-commerce webhooks dead-letters --handler ./dist/webhooks.js', '  npx partner-commerce webhooks dead-letters --handler ./dist/webhooks.js --prune 7d'].join('\n'),
    )
    .action((flags) => deadLettersCommand(flags, io));

  program
    .command('login')
    .description('keep the access token in your profile (0600), read from standard input or typed hidden')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  npx partner-commerce login                  # type or paste the token (not shown)',
        '  npx partner-commerce login < token.txt',
        '  printenv PARTNER_COMMERCE_TOKEN | npx partner-commerce login',
      ].join('\n'),
    )
    .action(() => loginCommand(io, context.readToken ?? (() => (process.stdin.isTTY ? readHiddenLine('token: ') : readStdin())), env));

  program
    .command('logout')
    .description('delete the profile login wrote')
    .action(() => logoutCommand(io, env));

  program
    .command('changelog')
    .description('the API changes that need action')
    .addOption(new Option('--docs-url <url>', 'root of the API documentation site').env('PARTNER_COMMERCE_DOCS_URL'))
    .option('--json', 'JSON on standard output')
    .addHelpText(
      'after',
      ['', 'Examples:', '  npx partner-commerce changelog --docs-url https://docs.example.com', '  PARTNER_COMMERCE_DOCS_URL=https://docs.example.com npx partner-commerce changelog --json'].join(
        '\n',
      ),
    )
    .action((flags) => changelogCommand(flags, io));

  program
    .command('completion')
    .description('print a shell completion script (commands and their flags)')
    .addArgument(new Argument('<shell>').choices(COMPLETION_SHELLS))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  source <(npx partner-commerce completion bash)           # or save it in ~/.local/share/bash-completion/completions/partner-commerce',
        '  npx partner-commerce completion zsh > "${fpath[1]}/_partner-commerce"',
        '  npx partner-commerce completion fish > ~/.config/fish/completions/partner-commerce.fish',
      ].join('\n'),
    )
    .action((shell: CompletionShell) => completionCommand(shell, program, io));

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (err) {
    return report(err, io);
  }
}

function report(err: unknown, io: CliIo): ExitCode {
  if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (err instanceof CliFailure) {
    io.err(`error: ${err.message}`);
    return err.exitCode;
  }
  if (err instanceof InvalidInputError) {
    io.err(`error: ${err.message}`);
    return EXIT.usage;
  }
  if (err instanceof ApiError) {
    io.err(`error: ${err.message}`);
    if (err.doc) io.err(`  see ${err.doc}`);
    return EXIT.failed;
  }
  // PartnerCommerceError messages are already redacted; anything else is shown by its message only.
  io.err(`error: ${err instanceof PartnerCommerceError || err instanceof Error ? err.message : String(err)}`);
  return EXIT.failed;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
