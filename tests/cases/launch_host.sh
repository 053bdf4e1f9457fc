# launch_host -- host{}: which Python's version is reported, kernel, systemd.
sysver=$("$PY" -c 'import platform; print(platform.python_version())')
ct_run /usr/bin/python3 -c pass
ct_json "r['host']['python_version'] == '$sysver'" \
	"r['host']['kernel'] == os.uname().release"
if command -v systemctl >/dev/null; then
	want=$(systemctl --version | head -n 1 | sed 's/^systemd //')
	ct_json "r['host']['systemd_version'] == '$want'"
else
	ct_json "r['host']['systemd_version'] is None"
fi

# A "#!" script run through env: the interpreter it names.
mkdir -p "$TMP/path"
printf '#!/bin/sh\necho "Python 9.8.7"\n' >"$TMP/path/python3"
printf '#!/usr/bin/env python3\nprint("script")\n' >"$TMP/script"
chmod +x "$TMP/path/python3" "$TMP/script"
PATH=$TMP/path:$PATH ct_run "$TMP/script"
ct_json "r['host']['python_version'] == '9.8.7'"

# Not a Python program: no python is asked (the python3 its PATH finds
# would be a 90 ms shell chain through a pyenv shim): null.
printf '#!/bin/sh\ntouch "%s/asked"\necho "Python 9.8.7"\n' "$TMP" >"$TMP/path/python3"
PATH=$TMP/path:$PATH ct_run /bin/true
ct_json "r['host']['python_version'] is None"
[ ! -e "$TMP/asked" ] || ct_fail "python3 --version was run for /bin/true"
mkdir -p "$TMP/nopy"
ln -sf /bin/true "$TMP/nopy/true"
PATH=$TMP/nopy "$CT" --runs-dir "$TMP/runs" --quiet -- true 2>"$TMP/err"
ct_eq $? 0 "status of true with a PATH without python3"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['host']['python_version'] is None"

# A Python behind a slow wrapper (a pyenv shim): the version the traced
# interpreter itself reported, and its --version never waited for.
mkdir -p "$TMP/slow"
printf '#!/bin/sh\n[ "$1" = --version ] && { sleep 5; echo "Python 1.2.3"; exit 0; }\nexec /usr/bin/python3 "$@"\n' \
	>"$TMP/slow/python3"
chmod +x "$TMP/slow/python3"
t0=$(date +%s%N)
PATH=$TMP/slow:$PATH ct_run python3 -c pass
t1=$(date +%s%N)
ct_json "r['host']['python_version'] == '$sysver'"
[ $(( (t1 - t0) / 1000000 )) -lt 4000 ] || ct_fail "ct-launch waited for the wrapper's --version"
