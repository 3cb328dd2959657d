#!/usr/bin/env bash
# reflc lsp with real LSP clients, not written here: pytest-lsp (with the
# capabilities of VS Code and Neovim) and Neovim's own client, headless.
# Each runs when installed, and is skipped with the reason otherwise:
#
#   pip install pytest-lsp        apt-get install neovim
#
#   scripts/lsp-e2e.sh [--install] [PATH/TO/reflc]
#
# --install first tries to install the missing clients (as .ci/run does);
# the default reflc is a debug build of this package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--install" ]; then
    shift
    if ! python3 -c "import pytest_lsp" 2>/dev/null; then
        echo "== installing pytest-lsp"
        timeout 300 python3 -m pip install --quiet pytest-lsp >/dev/null 2>&1 || echo "   (could not install it)"
    fi
    if ! command -v nvim >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        echo "== installing neovim"
        timeout 300 apt-get install -y -q neovim >/dev/null 2>&1 || echo "   (could not install it)"
    fi
fi
if [ $# -ge 1 ]; then
    reflc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
else
    swift build --package-path "$root" --product reflc >/dev/null
    reflc="$(swift build --package-path "$root" --show-bin-path)/reflc"
fi
status=0

if python3 -c "import pytest_lsp" 2>/dev/null; then
    echo "== pytest-lsp"
    REFLC="$reflc" timeout 300 python3 -m pytest -q -p no:cacheprovider "$root/scripts/lsp-e2e/test_reflc_lsp.py" || status=1
else
    echo "== pytest-lsp: skipped (not installed; pip install pytest-lsp)"
fi

if command -v nvim >/dev/null; then
    echo "== neovim $(nvim --version | head -1)"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    REFLC="$reflc" WORK="$work" timeout 120 nvim --headless -u NONE -i NONE \
        -c "luafile $root/scripts/lsp-e2e/neovim.lua" 2>&1 || status=1
    echo
else
    echo "== neovim: skipped (not installed; apt-get install neovim)"
fi
exit $status
