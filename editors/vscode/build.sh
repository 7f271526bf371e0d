#!/usr/bin/env bash
# Build the VS Code extension: editors/vscode/cardtext.vsix.
#
# Needs node 20 or newer and npm (the packages come from the npm registry,
# as package-lock.json pins them). Checks first that the TextMate grammar is
# up to date with the grammar's tables (generate.py).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"

"$python" "$here/generate.py" --check
cd "$here"
npm ci --no-audit --no-fund --loglevel=error
npx --no-install vsce package --allow-missing-repository --out cardtext.vsix
echo "built $here/cardtext.vsix"
