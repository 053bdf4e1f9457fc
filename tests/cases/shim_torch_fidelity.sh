# shim_torch_fidelity -- import torch: the libraries coldtrace lists are
# exactly the objects LD_DEBUG=libs saw initialised (300+), no kind is
# counted more often than strace saw its system calls, and the record says
# what LD_PRELOAD cannot see.
"$PY" -c 'import torch' 2>/dev/null || ct_skip "python3-torch is not installed (apt-get install python3-torch)"
command -v strace >/dev/null || ct_skip "strace is not installed"
LD_DEBUG=libs "$PY" -c 'import torch' 2>"$TMP/lddebug.txt" >/dev/null
strace -f -c -o "$TMP/strace.txt" "$PY" -c 'import torch' >/dev/null 2>&1
ct_compare "$PY" -c 'import torch'
"$PY" "$CT_ROOT/tests/fixtures/fidelity.py" "$RUN/record.json" "$TMP/lddebug.txt" "$TMP/strace.txt" ||
	ct_fail "fidelity against LD_DEBUG / strace"
