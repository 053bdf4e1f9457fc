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

# Not a Python program: the python3 its PATH finds; none: null.
PATH=$TMP/path:$PATH ct_run /bin/true
ct_json "r['host']['python_version'] == '9.8.7'"
mkdir -p "$TMP/nopy"
ln -sf /bin/true "$TMP/nopy/true"
PATH=$TMP/nopy "$CT" --runs-dir "$TMP/runs" --quiet -- true 2>"$TMP/err"
ct_eq $? 0 "status of true with a PATH without python3"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['host']['python_version'] is None"
