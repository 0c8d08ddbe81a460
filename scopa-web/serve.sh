#!/usr/bin/env bash
# Builds the web app and serves it on 127.0.0.1 (default port 8080; `serve.sh 9000` for
# another), printing the URL to open.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bash "$here/build.sh"
exec node "$here/web/tools/serve.mjs" "$here/dist" "${1:-8080}"
