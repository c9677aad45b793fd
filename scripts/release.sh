#!/bin/sh
# The steps of the container image (Dockerfile), in one script so that a test runs the very same steps on a
# machine with no container engine (test/system/release.test.ts):
#   build             install everything and build the client and the server (the image's build stage)
#   assemble DIR      copy what the runtime needs into DIR: the client (dist/), its renderer (dist-prerender/, which
#                     renders the shop again for a newly published shelf), the server (dist-server/) and
#                     the package files; nothing else (no sources, no tests, no dev tools)
#   install DIR       install the production dependencies only, as the lockfile pins them (the runtime stage)
# The server then starts in DIR with: node dist-server/server.cjs
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
  build)
    npm ci --no-audit --no-fund
    npm run build
    ;;
  assemble)
    dest=${2:?assemble needs a folder}
    mkdir -p "$dest"
    cp package.json package-lock.json "$dest/"
    cp -R dist dist-prerender dist-server "$dest/"
    ;;
  install)
    dest=${2:?install needs a folder}
    cd "$dest"
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline
    ;;
  *)
    echo "usage: scripts/release.sh build | assemble DIR | install DIR" >&2
    exit 2
    ;;
esac
