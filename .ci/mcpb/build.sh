#!/bin/bash
# Builds the MCP bundle (.mcpb, Claude Desktop's one-click install) from the packed package:
# .ci/mcpb/build.sh <tarball> <out-dir>. The manifest is checked by the bundle format's own tool
# (@anthropic-ai/mcpb validate), the server folder holds the tarball and the MCP SDK installed as a
# partner would, and the packed bundle is started once to list its tools; then the MCP Inspector's CLI
# (a client written elsewhere) lists the tools and calls one.
set -euo pipefail
tarball=$(realpath "$1"); out=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(node -p "require('$here/../../package.json').version")
node -e "
const m = require('$here/manifest.json');
if (m.version !== '$version') { console.error('manifest.json version ' + m.version + ' is not package.json\'s $version'); process.exit(1); }"
cp "$here/manifest.json" "$work/manifest.json"
mkdir -p "$work/server"
(cd "$work/server" && npm init -y >/dev/null && npm install --omit=dev --no-audit --no-fund "$tarball" @modelcontextprotocol/sdk@^1.24 >/dev/null)
mcpb="npx --yes @anthropic-ai/mcpb@2.1.2"
$mcpb validate "$work/manifest.json"
$mcpb pack "$work" "$out/partner-commerce-$version.mcpb" >/dev/null
# The bundle's own entry, started as a host starts it (the manifest's command and args, the user's config as env).
node "$here/list-tools.mjs" "$work" 
# A client nobody here wrote, the MCP Inspector's CLI, lists the server's tools and calls search.
entry="$work/server/node_modules/partner-commerce/dist/cli-bin.js"
inspector="npx --yes @modelcontextprotocol/inspector@0.17.5 --cli node $entry mcp -e PARTNER_COMMERCE_TOKEN=svc_sbx_inspector_check_0123 -e PARTNER_COMMERCE_BASE_URL=https://sandbox.example.test"
$inspector --method tools/list 2>/dev/null | node -e "
let s = ''; process.stdin.on('data', (c) => (s += c)).on('end', () => {
  const names = JSON.parse(s).tools.map((t) => t.name).join(',');
  if (names !== 'search,describe,execute') { console.error('Inspector: tools/list gave ' + names); process.exit(1); }
  console.log('Inspector: tools/list gives ' + names);
});"
$inspector --method tools/call --tool-name search --tool-arg "query=stock of a product" 2>/dev/null | node -e "
let s = ''; process.stdin.on('data', (c) => (s += c)).on('end', () => {
  const first = JSON.parse(s).structuredContent.results[0].id;
  if (first !== 'produtos.estoque') { console.error('Inspector: search found ' + first); process.exit(1); }
  console.log('Inspector: search \"stock of a product\" finds ' + first);
});"
echo "mcpb: $out/partner-commerce-$version.mcpb"
