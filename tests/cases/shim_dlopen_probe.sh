# shim_dlopen_probe -- an RTLD_NOLOAD dlopen asks whether an object is
# loaded: "no" (a NULL handle, no error text) is recorded as a probe, not a
# failure; "yes" names the object; a real failure stays a failure.
cat >"$TMP/probe.py" <<'PYEOF'
import ctypes, os
for name, mode in (("libc.so.6", os.RTLD_NOLOAD), ("libct-not-loaded.so.7", os.RTLD_NOLOAD),
                   ("libbz2.so.1.0", os.RTLD_NOLOAD),
                   ("libct-no-such-lib.so", 0)):
    try:
        ctypes.CDLL(name, mode=mode)
        print(name, "loaded")
    except OSError as e:
        print(name, "not loaded:", e)
PYEOF
ct_compare "$PY" "$TMP/probe.py"
ct_json "[(d['requested'], d['probe'], d['ok']) for d in r['processes'][0]['dlopens'] if d['requested'].startswith('lib')] == [('libc.so.6', True, True), ('libct-not-loaded.so.7', True, False), ('libbz2.so.1.0', True, False), ('libct-no-such-lib.so', False, False)]" \
	"[f['requested'] for f in r['processes'][0]['dlopen_failures']] == ['libct-no-such-lib.so']"
