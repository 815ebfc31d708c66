#!/bin/bash
# Builds the MCP bundle (.mcpb, Claude Desktop's one-click install) from the packed package:
# .ci/mcpb/build.sh <tarball> <out-dir>. The manifest is checked by the bundle format's own tool
# (@anthropic-ai/mcpb validate), the server folder holds the tarball and the MCP SDK installed as a
# partner would, and the packed bundle is started once to list its tools.
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
echo "mcpb: $out/partner-commerce-$version.mcpb"
