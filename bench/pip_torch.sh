#!/usr/bin/env bash
# pip_torch.sh -- bench/torch_import.sh on the torch most users have: the
# wheel pip installs (CUDA build, ~85 shared objects, ~1,100 imports), in
# a virtual environment this script makes on first use, for
# `import torch` and `import torch; torch.cuda.is_available()`.
#
#   bash bench/pip_torch.sh [ROUNDS]    (default 10; make first)
#   VENVS=/big/disk bash bench/pip_torch.sh   (default /tmp/ct-venvs, shared
#                                              with bench/real_stacks.sh)
# The download is large (torch and its nvidia-* wheels, ~5 GiB on disk):
# not run by make test or CI. Not a test: it prints numbers.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
dir=${VENVS:-/tmp/ct-venvs}/torch
if [ ! -x "$dir/bin/python" ]; then
	/usr/bin/python3 -m venv "$dir" || exit 2
fi
"$dir/bin/python" -c 'import torch' 2>/dev/null || "$dir/bin/pip" install -q torch ||
	{ echo "pip_torch: pip install torch failed" >&2; exit 2; }
for code in 'import torch' 'import torch; torch.cuda.is_available()'; do
	PY=$dir/bin/python CODE=$code bash "$root/bench/torch_import.sh" "$rounds" || exit
done
