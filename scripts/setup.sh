# Sourced by scripts/run and scripts/test: makes .venv ready, installing what a fresh
# Debian machine lacks. Safe to run again: it reinstalls only when pyproject.toml changes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

need_debs=()
command -v python3 >/dev/null 2>&1 || need_debs+=(python3)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_debs+=(python3-venv python3-pip)
# Kivy's wheel bundles SDL2 but needs these system libraries (offscreen rendering included).
for lib in libgl1 libegl1 libmtdev1; do
    dpkg -s "$lib" >/dev/null 2>&1 || need_debs+=("$lib")
done
if [ ${#need_debs[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing system packages: ${need_debs[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_debs[@]}" >/dev/null
    else
        echo "setup: this machine lacks system packages: ${need_debs[*]}" >&2
        echo "setup: install them first:  sudo apt-get install ${need_debs[*]}" >&2
        exit 1
    fi
fi

stamp=.venv/.installed
want="$(python3 --version 2>&1) $(sha256sum pyproject.toml | cut -c1-16)"
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "setup: creating .venv and installing the kiosk with its test tools (about a minute)"
    python3 -m venv .venv
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e ".[test]"
    echo "$want" > "$stamp"
fi
export PATH="$here/.venv/bin:$PATH"
# The sounds are synthesised once, here, not at every start (`python -m benchmarks sounds`).
kiosk sounds >/dev/null 2>&1 || kiosk sounds --render \
    || echo "setup: the sounds could not be written; the kiosk renders them when it runs" >&2
# Headless by default: Kivy renders through SDL's offscreen driver when no display exists.
export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1
